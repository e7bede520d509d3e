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
    /// A text field is open on screen: keys that type go into it.
    var takesTyping: Bool { get }
    /// What a key typed, into the text field open on screen.
    func type(_ key: TypedKey, at time: Double)
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
    /// ("menu", "contents", "bookmarks", "text"), or "library".
    var screenName: String { get }
    /// Escape (not in kiosk mode) quits here instead of closing a screen:
    /// on the page itself, and in a library with no book open behind it.
    var escapeQuits: Bool { get }
    /// Descriptors the scene follows itself (a library's folder); the loop
    /// wakes when one is readable and calls `checkWatches`.
    var watchedDescriptors: [Int32] { get }
    /// When the scene wants `checkWatches` without input (a file settling); nil: only on its descriptors.
    func nextWatchTime(after time: Double) -> Double?
    /// Takes what the watched descriptors brought and what fell due by
    /// `time`; true when the picture changed.
    func checkWatches(at time: Double) -> Bool
    func drainWarnings() -> [String]
    /// A kiosk left untouched: go back to where a newcomer starts (the
    /// book's start, with nothing open over it; the library, for a kiosk
    /// that has one) at once, without animation.
    func resetForIdle(at time: Double)
    /// Set by the loop before each step: the frame goes straight into a
    /// display's back buffer (`compose(into:)`), so `advance` need not
    /// compose it in RAM.
    var composesStraight: Bool { get set }
    /// Composes the frame as it is now straight into `target` (written in
    /// order, never read) and returns the rows written; nil when the scene
    /// composes only in RAM (`composedFrame`).
    func compose(into target: ScanoutTarget) -> FrameDamage?
    /// The frame at rest is on the glass (announced or not): the moment to
    /// keep what must survive a restart, after the frame, never before it.
    func didShowRestingFrame()

    /// When work is due that neither input nor an animation brings (speech
    /// handed to the sound card), in real and virtual time alike.
    func nextTimedWorkTime(after time: Double) -> Double?
    /// Does the timed work due by `time`; true when the frame changed.
    func doTimedWork(at time: Double) -> Bool
    /// The scene has done its job (a calibration's last tap): the loop stops.
    var isFinished: Bool { get }
    /// What is on screen, for the service's status and the metrics.
    var status: SceneStatus { get }
}

extension LoopScene {
    public func didShowRestingFrame() {}
    public func nextTimedWorkTime(after time: Double) -> Double? { nil }
    public func doTimedWork(at time: Double) -> Bool { false }
    public var isFinished: Bool { false }
    public var status: SceneStatus { SceneStatus() }
    public var takesTyping: Bool { false }
    public func type(_ key: TypedKey, at time: Double) {}
    public var escapeQuits: Bool { screenName == "reading" }
    /// A screen over the page is shown (the menu, a list, a panel, the keyboard).
    public var showsInterface: Bool { screenName != "reading" && screenName != "library" }
    public var watchedDescriptors: [Int32] { [] }
    public func nextWatchTime(after time: Double) -> Double? { nil }
    public func checkWatches(at time: Double) -> Bool { false }

    public var composesStraight: Bool {
        get { false }
        set {}
    }

    public func compose(into target: ScanoutTarget) -> FrameDamage? { nil }
}
