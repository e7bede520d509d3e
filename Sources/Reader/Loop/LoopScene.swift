import Devices
import Gestures
import Raster

/// What the reader loop runs: the reader session, the trace's paging
/// controller, or a still page. The loop routes input to it, steps it to
/// frame times and presents what it composed; the scene never reads a
/// clock.
public protocol LoopScene: AnyObject {
    /// Side taps turn pages at once (no double-tap wait): on an unzoomed
    /// page with nothing open over it.
    var tapZonesEnabled: Bool { get }
    /// Gestures (finger events first), in time order.
    func handle(_ events: [GestureEvent])
    func handle(_ command: ReaderCommand, at time: Double) throws
    /// Steps animations to `time` and composes the frame when it changed;
    /// true when it did.
    func advance(to time: Double) -> Bool
    /// The frame composed last; nil for a scene without pictures (the trace).
    var composedFrame: PixelBuffer? { get }
    /// The rows changed since the frame last taken; taking them starts afresh.
    func takeDamage() -> FrameDamage
    /// The view animates or follows a finger.
    var isMoving: Bool { get }
    /// Background work the scene looks at between frames (pagination).
    var hasBackgroundWork: Bool { get }
    /// Virtual time: background work gets the time a real frame leaves it.
    func waitForFrameWork()
    /// Virtual time: background work finishes before input is read, so a
    /// replay gives one result whatever the machine's load.
    func finishBackgroundWork()
    /// How the frame at rest is announced ("presented page N").
    var restingDescription: String { get }
    /// What is on screen: "reading", or the screen open over the page
    /// ("menu", "contents", "bookmarks", "text").
    var screenName: String { get }
    func drainWarnings() -> [String]
    /// The frame at rest is on the glass (announced or not): the moment to
    /// keep what must survive a restart, after the frame, never before it.
    func didShowRestingFrame()
}

extension LoopScene {
    public func didShowRestingFrame() {}
}
