import CLinux
import Glibc

/// One thread telling another's poll() that something is ready (an
/// eventfd): `notify` from any thread, `acknowledge` from the one that
/// polls `fileDescriptor`.
public final class WakeSignal: @unchecked Sendable {
    public let fileDescriptor: Int32

    public init() throws(SystemError) {
        fileDescriptor = try Syscall.retrying(operation: "eventfd", path: "a wake signal") { CLinux_eventfdCreate() }
    }

    deinit { Glibc.close(fileDescriptor) }

    /// Makes the descriptor readable until acknowledged.
    public func notify() {
        var one: UInt64 = 1
        // Fails only when the counter would overflow: it is readable then anyway.
        _ = Glibc.write(fileDescriptor, &one, MemoryLayout<UInt64>.size)
    }

    /// Clears the signal (reads the count); nothing to read is nothing to clear.
    public func acknowledge() {
        var count: UInt64 = 0
        _ = Glibc.read(fileDescriptor, &count, MemoryLayout<UInt64>.size)
    }
}
