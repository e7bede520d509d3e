/// What the reader did since it started, counted by the loop for the
/// metrics: pages turned, touches, frames and frames that took too long
/// to make. Pure: times are the loop's (ms).
public struct ReaderActivity: Equatable, Sendable {
    /// A page at rest on the glass other than the one at rest before, in the same book.
    public private(set) var pagesTurned = 0
    /// Fingers put on the glass when none was on it: a tap, a flick and a pinch count one each.
    public private(set) var touches = 0
    public private(set) var frames = 0
    /// Frames of a movement whose making (stepping the scene, composing,
    /// handing it to the display) took longer than a frame at 60 Hz lasts:
    /// the next vblank was missed, a visible stutter.
    public private(set) var framesOverBudget = 0

    private var fingersDown = 0
    private var restingBook: String?
    private var restingPage: Int?

    /// The longest a frame may take to make (ms).
    public static let frameBudget = 1000.0 / 60

    public init() {}

    /// A touch frame with `fingers` on the glass.
    public mutating func touched(fingers: Int) {
        if fingersDown == 0, fingers > 0 { touches += 1 }
        fingersDown = fingers
    }

    /// A frame went to the display: its making began at `began` and ended
    /// at `ended`; `moving`: the view animates or follows a finger.
    public mutating func presented(began: Double, ended: Double, moving: Bool) {
        frames += 1
        if moving, ended - began > Self.frameBudget { framesOverBudget += 1 }
    }

    /// The frame at rest on the glass (or the first frame, the page a book
    /// opened on) shows `status`: another page of the same book than the
    /// one at rest before is a turn; the library, or a book opened, is none.
    public mutating func rested(on status: SceneStatus) {
        guard let book = status.bookPath, let page = status.page else { return }
        if book == restingBook, let restingPage, page != restingPage { pagesTurned += 1 }
        restingBook = book
        restingPage = page
    }
}
