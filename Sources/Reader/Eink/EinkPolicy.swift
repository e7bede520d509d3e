import Geometry

/// One refresh asked of an e-ink panel: its waveform and the part of the glass it redraws.
public struct EinkUpdate: Equatable, Sendable {
    public enum Mode: String, Sendable {
        /// The whole panel flashed through black and white: clears ghosting; slow.
        case full
        /// Greys redrawn in place, no flash: a page.
        case partial
        /// Black and white only, fastest: the interface.
        case fast
    }

    public let mode: Mode
    public let rect: PixelRect

    public init(mode: Mode, rect: PixelRect) {
        self.mode = mode
        self.rect = rect
    }
}

/// Which refreshes an e-ink panel is asked for, given where a frame
/// changed: the first frame and every sixth turn a full refresh, a turn
/// (another page, or a change over at least half the glass) one partial
/// update of the whole glass, smaller changes to the page one partial
/// update each, and changes while the interface is shown fast ones. Pure.
public struct EinkPolicy: Equatable, Sendable {
    /// Turns between full refreshes: ghosts of earlier pages build up on partial updates.
    public static let fullRefreshEvery = 6

    public let screen: PixelRect
    /// Turns shown since the last full refresh.
    public private(set) var turnsSinceFull = 0
    private var hasShownFirstFrame = false

    public init(width: Int, height: Int) {
        screen = PixelRect(x: 0, y: 0, width: width, height: height)
    }

    /// Whether `changes` (bands of the glass that differ) make a page turn.
    public func isTurn(_ changes: [PixelRect]) -> Bool {
        2 * changes.reduce(0) { $0 + $1.width * $1.height } >= screen.width * screen.height
    }

    /// The updates for a frame that differs from the glass in `changes`;
    /// `interface`: a screen over the page is shown; `turned`: the frame
    /// shows another page than the glass.
    public mutating func updates(for changes: [PixelRect], interface: Bool, turned: Bool = false) -> [EinkUpdate] {
        guard !changes.isEmpty else { return [] }
        guard hasShownFirstFrame else {
            hasShownFirstFrame = true
            turnsSinceFull = 0
            return [EinkUpdate(mode: .full, rect: screen)]
        }
        if interface { return changes.map { EinkUpdate(mode: .fast, rect: $0) } }
        guard turned || isTurn(changes) else { return changes.map { EinkUpdate(mode: .partial, rect: $0) } }
        turnsSinceFull += 1
        if turnsSinceFull >= Self.fullRefreshEvery {
            turnsSinceFull = 0
            return [EinkUpdate(mode: .full, rect: screen)]
        }
        // The whole glass, margins too: the waveform takes as long whatever
        // the area, and the last page's ghosts fade evenly.
        return [EinkUpdate(mode: .partial, rect: screen)]
    }
}
