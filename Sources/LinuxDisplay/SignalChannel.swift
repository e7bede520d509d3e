import CLinux
import Glibc

/// Signals delivered as readable data on a descriptor (signalfd), so the
/// event loop handles a console switch or SIGTERM between frames like any
/// other input, and no code runs in signal-handler context.
public final class SignalChannel {
    public let signals: [Int32]
    public let fileDescriptor: Int32
    private var isClosed = false

    /// The signals a display session handles: termination and the VT switch pair.
    public static let sessionSignals: [Int32] = [SIGTERM, SIGINT, SIGHUP, VirtualTerminal.releaseSignal, VirtualTerminal.acquireSignal]

    /// Blocks `signals` for the process and opens the descriptor that reads them.
    public init(signals: [Int32] = SignalChannel.sessionSignals) throws(DisplayError) {
        let fd = signals.withUnsafeBufferPointer { CLinux_signalfdOpen($0.baseAddress, Int32($0.count)) }
        guard fd >= 0 else { throw .system(operation: "signalfd", path: "signals \(signals)", errno: Glibc.errno) }
        self.signals = signals
        self.fileDescriptor = fd
    }

    deinit { close() }

    /// The signals received since the last call, in order (empty when none).
    public func receivedSignals() -> [Int32] {
        let size = Int(CLinux_signalfdInfoSize())
        var received: [Int32] = []
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size * 8, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = read(fileDescriptor, buffer.baseAddress, buffer.count)
            guard count >= size else { break }
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
