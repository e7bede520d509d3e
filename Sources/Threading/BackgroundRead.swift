/// A value read once on a thread of its own (a whole book): started when
/// asked, taken when read, waited for; stopped, the reading ends at its
/// next step and whoever waits reads it on their own thread.
public final class BackgroundRead<Value: Sendable>: @unchecked Sendable {
    public typealias Stopped = @Sendable () -> Bool
    /// Reads the value, nil when `stopped` said to end early.
    private let read: @Sendable (_ stopped: @escaping Stopped) -> Value?
    private let name: String
    private let condition = Condition()
    private var started = false
    private var stopped = false
    private var value: Value?

    public init(name: String, read: @escaping @Sendable (_ stopped: @escaping Stopped) -> Value?) {
        self.name = name
        self.read = read
    }

    /// Starts the thread (once; not after `stop`).
    public func start() {
        let start = condition.withLock {
            defer { started = true }
            return !started && !stopped
        }
        guard start else { return }
        do {
            try DetachedThread.start(name: name) { [self] in
                let found = read { [self] in condition.withLock { stopped } }
                condition.withLock {
                    if let found { value = value ?? found }
                    condition.broadcast()
                }
            }
        } catch {
            // No thread to spare: the value is read by whoever waits for it.
            condition.withLock { started = false }
        }
    }

    /// The value once read; nil until then.
    public var valueIfRead: Value? { condition.withLock { value } }

    /// The value, waiting for the thread, or read here when it never
    /// started or was stopped before the end.
    public func wait() -> Value {
        condition.lock()
        while value == nil, started, !stopped { condition.wait() }
        let found = value
        condition.unlock()
        if let found { return found }
        guard let read = read({ false }) else { preconditionFailure("a read never stopped gives its value") }
        return condition.withLock {
            value = value ?? read
            condition.broadcast()
            return value ?? read
        }
    }

    /// The value is no longer wanted: the thread ends at its next step.
    public func stop() {
        condition.withLock {
            stopped = true
            condition.broadcast()
        }
    }
}
