import Foundation

/// What the process holds now, from /proc/self: resident memory and open
/// file descriptors. A long run compares them before and after.
public enum ProcessResources {
    /// Resident set size in bytes (the second field of /proc/self/statm, in pages).
    public static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Open file descriptors (entries of /proc/self/fd, less the one the listing itself holds).
    public static func openDescriptors() -> Int {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return 0 }
        return max(0, entries.count - 1)
    }
}
