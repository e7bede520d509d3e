import Devices
import LinuxSystem
import Threading

/// Live input the reader follows: devices read as they come, the touchscreen's path, closed at the end.
public protocol LiveInputSource: InputSource {
    var touchDevicePath: String? { get }
    func closeAll()
}

/// Live input read on a thread of its own ("input") and handed to the loop
/// through one descriptor. The kernel keeps a device's events in a small
/// buffer, and when the device is unplugged it discards those not yet read.
/// Read only between frames, a loop held up (a frame composed slowly on a
/// starved board, its code paged back in from disk) let that buffer
/// overflow, or lost the end of a drag cut short by an unplug. Read here as
/// they arrive, nothing is lost while the loop is busy; the frames keep the
/// kernel's times, so gestures are judged as the finger moved.
public final class ThreadedInput: InputSource, @unchecked Sendable {
    private let source: any LiveInputSource
    private let ready: WakeSignal
    private let stopRequest: WakeSignal
    private let condition = Condition()
    // Guarded by `condition`.
    private var items: [InputItem] = []
    private var warnings: [String] = []
    private var touchPath: String?
    private var isStopping = false
    private var hasStopped = false

    /// Wake-ups in a row that read nothing before the thread starts to
    /// pause between them (a descriptor that stays readable with nothing
    /// to read must not spin a core).
    static let idleWakeLimit = 50

    /// Starts the thread; `source` is used only from it until `closeAll`.
    public init(reading source: any LiveInputSource) throws {
        self.source = source
        ready = try WakeSignal()
        stopRequest = try WakeSignal()
        touchPath = source.touchDevicePath
        warnings = source.drainWarnings()
        try DetachedThread.start(name: "input") { [self] in run() }
    }

    public var pollDescriptors: [Int32] { [ready.fileDescriptor] }
    public var nextInputTime: Double? { nil }
    public var isExhausted: Bool { false }

    /// The touchscreen read now, as of the thread's last pass.
    public var touchDevicePath: String? { condition.withLock { touchPath } }

    /// Everything the thread read since the last call, in order.
    public func read(upTo time: Double) -> [InputItem] {
        ready.acknowledge()
        return condition.withLock {
            defer { items = [] }
            return items
        }
    }

    public func drainWarnings() -> [String] {
        condition.withLock {
            defer { warnings = [] }
            return warnings
        }
    }

    /// Stops the thread, waits for it, then closes the devices.
    public func closeAll() {
        condition.withLock { isStopping = true }
        stopRequest.notify()
        condition.withLock {
            while !hasStopped { condition.wait() }
        }
        source.closeAll()
    }

    private func run() {
        var idleWakes = 0
        while !condition.withLock({ isStopping }) {
            let descriptors = [stopRequest.fileDescriptor] + source.pollDescriptors
            do {
                _ = try PollSet(descriptors).waitForReadable(timeout: nil)
            } catch {
                condition.withLock { warnings.append("input: \(error)") }
                ready.notify()
                sleepMilliseconds(100)
                continue
            }
            let read = source.read(upTo: monotonicMilliseconds())
            let problems = source.drainWarnings()
            let path = source.touchDevicePath
            condition.withLock {
                items += read
                warnings += problems
                touchPath = path
            }
            if read.isEmpty && problems.isEmpty {
                idleWakes += 1
                if idleWakes > Self.idleWakeLimit { sleepMilliseconds(10) }
            } else {
                idleWakes = 0
                ready.notify()
            }
        }
        condition.withLock {
            hasStopped = true
            condition.broadcast()
        }
    }
}
