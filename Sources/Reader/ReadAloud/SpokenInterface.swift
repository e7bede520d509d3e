import Geometry
import Gestures

/// The spoken interface's touch rules, as a screen reader's: a touch on a
/// control says it and keeps it in focus, a double tap activates it (the
/// one under the finger, else the one in focus), a swipe of two fingers
/// moves the focus to the next or previous control and says it; on the
/// page a touch reads from the touched sentence and a double tap acts as
/// a tap would (in the middle: the menu). Nothing is activated by a single
/// touch. Pure: the controls shown and the events come in, what to do
/// goes out.
struct SpokenInterface {
    enum Action: Equatable {
        /// Words to say.
        case say(String)
        /// A gesture to hand to the reader as it is (an activation, a flick).
        case pass(GestureEvent)
        /// Read the book aloud from the sentence at this point of the screen.
        case readFrom(Point)
    }

    /// How far (px) two fingers travel sideways for a swipe.
    static let swipeDistance = 60.0

    /// The control last touched or swiped to, by id.
    private(set) var focusedID: String?
    /// The fingers down now, and where each finger of the touch began and is.
    private var down: Set<Int> = []
    private var tracks: [Int: (start: Point, end: Point)] = [:]

    /// What `event` does, given the controls of the screen shown (none on
    /// the bare page) and the screen's width (for the page's tap zones).
    mutating func actions(for event: GestureEvent, controls: [ScreenControl], onPage: Bool,
                          screenWidth: Double) -> [Action] {
        switch event.kind {
        case let .fingerDown(id, at):
            if down.isEmpty { tracks = [:] }
            down.insert(id)
            tracks[id] = (at, at)
            return [.pass(event)]
        case let .fingerMoved(id, to):
            tracks[id]?.end = to
            return [.pass(event)]
        case let .fingerUp(id, at):
            tracks[id]?.end = at
            down.remove(id)
            guard down.isEmpty, let step = swipeStep(), !controls.isEmpty else { return [.pass(event)] }
            return [.pass(event)] + moveFocus(by: step, in: controls)
        case let .tap(at, _):
            if let control = controls.first(where: { $0.contains(x: at.x, y: at.y) }) {
                focusedID = control.id
                return [.say(control.spoken)]
            }
            return onPage ? [.readFrom(at)] : []
        case let .doubleTap(at):
            let control = controls.first { $0.contains(x: at.x, y: at.y) }
                ?? controls.first { $0.id == focusedID }
            if let control {
                focusedID = control.id
                let centre = Point(x: Double(control.rect.x) + Double(control.rect.width) / 2,
                                   y: Double(control.rect.y) + Double(control.rect.height) / 2)
                return [.pass(GestureEvent(time: event.time, kind: .tap(at: centre, zone: .middle)))]
            }
            return [.pass(GestureEvent(time: event.time, kind: .tap(at: at, zone: TapZone(x: at.x, width: screenWidth))))]
        case .twoFingerTap:
            return []
        default:
            return [.pass(event)]
        }
    }

    /// +1 (to the right) or -1 when two fingers went sideways together far enough.
    private func swipeStep() -> Int? {
        let moves = tracks.values.map { $0.end.x - $0.start.x }
        guard moves.count == 2 else { return nil }
        if moves.allSatisfy({ $0 >= Self.swipeDistance }) { return 1 }
        if moves.allSatisfy({ $0 <= -Self.swipeDistance }) { return -1 }
        return nil
    }

    private mutating func moveFocus(by step: Int, in controls: [ScreenControl]) -> [Action] {
        let index = controls.firstIndex { $0.id == focusedID }
        let next = index.map { ($0 + step + controls.count) % controls.count } ?? (step > 0 ? 0 : controls.count - 1)
        focusedID = controls[next].id
        return [.say(controls[next].spoken)]
    }
}
