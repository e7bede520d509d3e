import CLinux
import Glibc

/// glibc's allocator, tuned for a reader that runs for months: what it
/// keeps resident after memory is freed.
public enum Allocator {
    /// Hands memory the allocator holds but no longer uses back to the
    /// system (malloc_trim); true when some was given back.
    @discardableResult
    public static func returnFreeMemory() -> Bool {
        CLinux_returnFreeMemory() == 1
    }

    /// Allocations of at least `bytes` get pages of their own, returned to
    /// the system when freed (a fixed mmap threshold, which glibc otherwise
    /// raises after a large block is freed).
    public static func mapAllocations(atLeast bytes: Int32) throws(SystemError) {
        guard CLinux_mapLargeAllocationsAbove(bytes) == 1 else {
            throw SystemError(operation: "mallopt M_MMAP_THRESHOLD", path: String(bytes), errno: EINVAL)
        }
    }

    /// The allocator keeps at most `count` arenas, shared by all threads.
    public static func limitArenas(to count: Int32) throws(SystemError) {
        guard CLinux_limitAllocatorArenas(count) == 1 else {
            throw SystemError(operation: "mallopt M_ARENA_MAX", path: String(count), errno: EINVAL)
        }
    }

    /// The size of a memory page in bytes.
    public static var pageSize: Int { Int(sysconf(Int32(_SC_PAGESIZE))) }
}
