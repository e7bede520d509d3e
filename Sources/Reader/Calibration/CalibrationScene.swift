import Devices
import Geometry
import Gestures
import Raster
import Typesetting

/// The calibration screen (`ebook-fb calibrate`): a cross at each of six
/// places in turn, near the corners, the centre and one place off both
/// diagonals (so a fit cannot mistake a swapped or mirrored axis), each to
/// be tapped at its centre. The touches come through the touchscreen
/// uncalibrated (the identity matrix, the display's rotation applied);
/// `taps` pairs each tap with its cross, in the upright picture's pixels.
/// The scene is finished once every cross was tapped.
public final class CalibrationScene: LoopScene {
    /// Where the crosses are, as shares of the screen's width and height, in the order shown.
    public static let targetShares = [Point(x: 0.1, y: 0.1), Point(x: 0.9, y: 0.1), Point(x: 0.9, y: 0.9),
                                      Point(x: 0.1, y: 0.9), Point(x: 0.5, y: 0.5), Point(x: 0.3, y: 0.7)]

    public let width: Int
    public let height: Int
    /// Each tap so far and the cross it was for.
    public private(set) var taps: [(tap: Point, target: Point)] = []
    private var frame: PixelBuffer
    private var damage: FrameDamage
    private var needsDrawing = true
    private let painter: InterfacePainter?
    private let metrics: InterfaceMetrics
    private let theme = Theme.highContrast
    private let words: Words

    /// What the screen says: the instruction, with the cross's number and the count, and the end.
    public struct Words: Sendable {
        public var instruction: @Sendable (_ number: Int, _ count: Int) -> String
        public var done: String
        public static let english = Words(instruction: { "Tap the centre of the cross (\($0) of \($1))" },
                                          done: "Calibrated")
    }

    /// `font`: the instruction's typeface (none: the crosses alone).
    public init(width: Int, height: Int, panelSize: Size?, font: FontFile?, words: Words = .english) {
        self.width = width
        self.height = height
        self.words = words
        let metrics = InterfaceMetrics(width: width, height: height, physicalWidthMillimetres: panelSize?.width,
                                       physicalHeightMillimetres: panelSize?.height)
        self.metrics = metrics
        painter = font.flatMap { try? InterfacePainter(font: $0, metrics: metrics, language: nil) }
        frame = PixelBuffer(width: width, height: height)
        damage = .all(rows: height)
    }

    /// The cross `index` in pixels.
    public func target(_ index: Int) -> Point {
        let share = Self.targetShares[index]
        return Point(x: share.x * Double(width), y: share.y * Double(height))
    }

    public var isFinished: Bool { taps.count == Self.targetShares.count }

    public var tapZonesEnabled: Bool { false }

    public func handle(_ events: [GestureEvent]) {
        for event in events where !isFinished {
            switch event.kind {
            case let .tap(at, _), let .doubleTap(at):
                taps.append((tap: at, target: target(taps.count)))
                needsDrawing = true
            default: break
            }
        }
    }

    public func handle(_ command: ReaderCommand, at time: Double) throws {}

    public func advance(to time: Double) -> Bool {
        guard needsDrawing else { return false }
        needsDrawing = false
        draw()
        return true
    }

    private func draw() {
        frame.fill(theme.background)
        let line = max(2, metrics.target / 16)
        let text = PixelRect(x: 0, y: height * 3 / 10 - metrics.target / 2, width: width, height: metrics.target)
        if isFinished {
            place(words.done, in: PixelRect(x: 0, y: (height - metrics.target) / 2, width: width, height: metrics.target))
        } else {
            let centre = target(taps.count)
            let arm = metrics.target
            let x = Int(centre.x.rounded()), y = Int(centre.y.rounded())
            frame.fill(PixelRect(x: x - arm, y: y - line / 2, width: 2 * arm + 1, height: line), with: theme.ink)
            frame.fill(PixelRect(x: x - line / 2, y: y - arm, width: line, height: 2 * arm + 1), with: theme.ink)
            place(words.instruction(taps.count + 1, Self.targetShares.count), in: text)
        }
        damage = .all(rows: height)
    }

    private func place(_ words: String, in area: PixelRect) {
        guard let painter else { return }
        painter.paint(painter.place(words, in: area, alignment: .centre), theme: theme, into: &frame)
    }

    public var composedFrame: PixelBuffer? { frame }

    public func takeDamage() -> FrameDamage {
        defer { damage = FrameDamage(rows: height) }
        return damage
    }

    public var isMoving: Bool { false }
    public var hasBackgroundWork: Bool { false }
    public func waitForFrameWork() {}
    public func finishBackgroundWork() {}
    public var restingDescription: String { isFinished ? "calibrated" : "calibration target \(taps.count + 1)" }
    public var screenName: String { "calibration" }
    public func drainWarnings() -> [String] { [] }
    public func resetForIdle(at time: Double) {}
}
