/// The reader loop's time and its only way to wait: the monotonic clock
/// and poll() on a screen, or a virtual clock that jumps to the next thing
/// due, so a replay runs as fast as the machine goes and gives the same
/// result whatever its load.
public protocol LoopClock: AnyObject {
    /// Now, in ms.
    var now: Double { get }
    /// True for virtual time: background work is given the time a real
    /// frame would leave it before each frame.
    var isVirtual: Bool { get }
    /// Waits until `deadline` (nil: no deadline) or until one of
    /// `descriptors` is readable, and returns the readable ones.
    func wait(until deadline: Double?, on descriptors: [Int32]) throws -> Set<Int32>
}

/// Virtual time: a wait jumps to its deadline at once. `pace` (nil: as
/// fast as possible) is told each time jumped to, for a replay that
/// should keep to the real clock.
public final class VirtualClock: LoopClock {
    public private(set) var now: Double
    public let isVirtual = true
    public var pace: ((Double) -> Void)?

    public init(start: Double = 0) { now = start }

    public func wait(until deadline: Double?, on descriptors: [Int32]) -> Set<Int32> {
        precondition(descriptors.isEmpty, "virtual time cannot wait on descriptors")
        if let deadline, deadline > now {
            now = deadline
            pace?(deadline)
        }
        return []
    }
}
