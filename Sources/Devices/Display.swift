import Geometry

/// What the display asks of the reader loop, or tells it, between frames.
public enum DisplayEvent: Equatable, Sendable {
    /// The frame presented last is on the glass since `vblank` (ms, the
    /// loop's clock): the next one may be presented, stepped to that time.
    case flipCompleted(vblank: Double)
    /// The console is being switched away: the loop calls `giveUp()`.
    case releaseRequested
    /// The console is ours again: the loop calls `takeBack()` and presents
    /// the whole frame.
    case acquireRequested
    /// A termination signal (SIGTERM, SIGINT): save and stop.
    case quit(reason: String)
    /// SIGHUP: save and stop, for the kiosk to read its settings again
    /// and start over at the same place (a reader alone just stops).
    case reloadRequested
}

/// Where frames go: the KMS screen, or a headless display in memory. The
/// reader loop presents a frame only when `canPresent` says it may, with the
/// rows that changed, and learns from `handleEvents` when the frame is on
/// the glass (the frame clock) and when the screen is given up or taken back.
public protocol Display: AnyObject {
    /// The upright picture's size in pixels.
    var width: Int { get }
    var height: Int { get }
    /// The screen is ours and no presented frame is waiting for its flip.
    var canPresent: Bool { get }
    /// Descriptors that become readable when `handleEvents` has something; none for a display in memory.
    var pollDescriptors: [Int32] { get }
    /// For a display in virtual time: when its next event falls (a flip
    /// completing); nil for a real screen, whose descriptors say so.
    var nextEventTime: Double? { get }
    /// Shows a frame of `width` x `height` XRGB8888 pixels whose rows are
    /// `stride` bytes apart; only the rows in `damage` differ from the frame
    /// presented before. Returns false, showing nothing, when it may not present now.
    func present(pixels: UnsafeRawBufferPointer, stride: Int, damage: FrameDamage, at time: Double) throws -> Bool
    /// Reads what happened since the last call (up to `time` in virtual time).
    func handleEvents(at time: Double) throws -> [DisplayEvent]
    /// Lets the screen go (a console switch): nothing is shown until `takeBack()`.
    func giveUp() throws
    /// Takes the screen back; the next present must carry every row.
    func takeBack() throws
    /// The upright picture's size on the glass in millimetres, when the
    /// panel says (nil: unknown).
    var physicalSize: Size? { get }
    /// Turns the panel off (a blank kiosk: DPMS off) or on again. The loop
    /// presents nothing while it is off; the first frame after it is on
    /// again carries every row.
    func setPowered(_ on: Bool) throws
    /// Asks for a switch to console `number` (Ctrl+Alt+Fn on a keyboard the
    /// kernel no longer reads). False when the display refuses (a locked
    /// kiosk) or has no console.
    func switchConsole(to number: Int) throws -> Bool
    /// Frames of motion (a page following a finger, a settle, the menu
    /// sliding) are shown; false for a panel that shows only frames at rest
    /// (e-ink), where the loop holds them back until the scene rests.
    var showsMotion: Bool { get }
    /// Told before each present whether the frame shows the interface (a
    /// screen over the page) rather than the page, and which page it shows
    /// (nil where there is none, as in the library).
    func willPresent(interface: Bool, page: Int?)
}

extension Display {
    /// A display without a console (in memory, a replay) switches nowhere.
    public func switchConsole(to number: Int) throws -> Bool { false }
    public var showsMotion: Bool { true }
    public func willPresent(interface: Bool, page: Int?) {}
}
