import LinuxSystem
import Threading

/// What the process holds now, from /proc/self: resident memory and open
/// file descriptors. A long run compares them before and after.
public enum ProcessResources {
    /// Resident set size in bytes (the second field of /proc/self/statm, in pages).
    public static func residentBytes() -> Int {
        guard let bytes = try? FileDescriptor.readFile("/proc/self/statm") else { return 0 }
        let fields = String(decoding: bytes, as: UTF8.self).split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Allocator.pageSize
    }

    /// The peak resident set size in bytes (VmHWM in /proc/self/status); nil when it cannot be read.
    public static func peakResidentBytes() -> Int? {
        guard let bytes = try? FileDescriptor.readFile("/proc/self/status") else { return nil }
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return line.split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap { Int($0) }.first.map { $0 * 1024 }
        }
        return nil
    }

    /// Open file descriptors (entries of /proc/self/fd, less the one the listing itself holds).
    public static func openDescriptors() -> Int {
        guard let entries = try? FileSystem.directoryEntries("/proc/self/fd") else { return 0 }
        return max(0, entries.count - 1)
    }

    /// Hands memory the allocator holds but no longer uses back to the
    /// system. After a font size change the old layout's many small
    /// allocations leave free pages inside the heap, which malloc keeps
    /// (resident) unless told; a kiosk changing sizes for months would
    /// otherwise creep upwards.
    public static func returnFreeMemory() {
        Allocator.returnFreeMemory()
    }

    /// Allocations at least this large get pages of their own, returned to
    /// the system when freed: page buffers, zoom frames, a book's bytes.
    public static let largeAllocationBytes: Int32 = 256 << 10

    /// Arenas the allocator may keep: the reader's few threads (drawing
    /// ahead, pagination, loading at start) share them, so free memory
    /// left in one is reused by the others instead of staying resident
    /// beside it (a few hundred kilobytes at peak).
    public static let allocatorArenas: Int32 = 2

    /// Sets up the allocator for a long-running reader; call once at start.
    public static func configureAllocator() {
        // Failing leaves glibc's defaults: more memory resident, nothing wrong.
        try? Allocator.mapAllocations(atLeast: largeAllocationBytes)
        try? Allocator.limitArenas(to: allocatorArenas)
    }

    /// How much nicer than the thread composing frames the threads that
    /// draw ahead run: neighbour pages, zoom tiles, the library's covers.
    static let drawingAheadNiceness: Int32 = 5

    /// Makes the calling thread yield to the reader's own: work done ahead
    /// (pagination, drawing neighbour pages) runs nicer, so on a two-core
    /// board the thread composing frames is not kept waiting behind it.
    /// Failing (a sandbox that forbids it) only leaves the priority as it was.
    public static func runThisThreadInBackground(niceness: Int32) {
        try? CurrentThread.setNiceness(niceness)
    }

    /// Makes the calling thread run only when a processor has nothing
    /// else to do (SCHED_IDLE), for work no one waits for: the thread
    /// composing frames then never waits behind it for a processor, even
    /// when all of them are busy with it. Failing leaves the niceness.
    public static func runThisThreadOnlyWhenIdle() {
        try? CurrentThread.runOnlyWhenIdle()
    }
}
