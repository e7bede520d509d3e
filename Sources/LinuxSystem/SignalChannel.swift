import CLinux
import Glibc

/// Signals delivered as readable data on a descriptor (signalfd), so the
/// event loop handles a console switch or SIGTERM between frames like any
/// other input, and no code runs in signal-handler context.
public final class SignalChannel {
    public let signals: [Int32]
    public let fileDescriptor: Int32
    private var isClosed = false

    /// Blocks `signals` for the process and opens the descriptor that reads them.
    public init(signals: [Int32]) throws(SystemError) {
        fileDescriptor = try Syscall.retrying(operation: "signalfd", path: "signals \(signals)") {
            signals.withUnsafeBufferPointer { CLinux_signalfdOpen($0.baseAddress, Int32($0.count)) }
        }
        self.signals = signals
    }

    deinit { close() }

    /// The signals received since the last call, in order (empty when none).
    public func receivedSignals() -> [Int32] {
        let size = Int(CLinux_signalfdInfoSize())
        var received: [Int32] = []
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size * 8, alignment: 8)
        defer { buffer.deallocate() }
        let file = FileDescriptor(rawValue: fileDescriptor, path: "signals \(signals)")
        // Until nothing is left (nil: EAGAIN); a failed read leaves the rest for the next call.
        while let count = try? file.read(into: buffer), count >= size {
            for offset in stride(from: 0, to: count - size + 1, by: size) {
                // ssi_signo is the first field (asserted in the C shim).
                received.append(Int32(bitPattern: buffer.load(fromByteOffset: offset, as: UInt32.self)))
            }
        }
        return received
    }

    /// Closes the descriptor and unblocks the signals again.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        _ = Glibc.close(fileDescriptor)
        _ = signals.withUnsafeBufferPointer { CLinux_signalsUnblock($0.baseAddress, Int32($0.count)) }
    }
}
