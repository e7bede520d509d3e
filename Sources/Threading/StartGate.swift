/// A gate that threads wait at until it opens, once: work that must not
/// compete with something more urgent (espeak-ng's voices and the sound
/// card against a kiosk's first page, on a board with one slow core)
/// starts when that is done.
public final class StartGate: @unchecked Sendable {
    private let condition = Condition()
    private var isOpen: Bool

    public init(open: Bool = false) { isOpen = open }

    /// Lets every waiting thread go, and every later one through at once.
    public func open() {
        condition.withLock {
            isOpen = true
            condition.broadcast()
        }
    }

    /// Blocks the calling thread until the gate is open.
    public func wait() {
        condition.withLock {
            while !isOpen { condition.wait() }
        }
    }
}
