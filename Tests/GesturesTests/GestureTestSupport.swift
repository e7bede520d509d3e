import Geometry
@testable import Gestures

/// Builds touch frames for one or more fingers and runs them through a recognizer.
struct GestureScript {
    var recognizer = GestureRecognizer(configuration: GestureConfiguration(screenWidth: 1280))
    var events: [GestureEvent] = []
    var fingers: [Int: Point] = [:]

    mutating func frame(at time: Double) {
        let touches = fingers.keys.sorted().compactMap { id in fingers[id].map { Touch(id: id, x: $0.x, y: $0.y) } }
        events += recognizer.process(TouchFrame(time: time, touches: touches))
    }

    mutating func down(_ id: Int, _ x: Double, _ y: Double, at time: Double) {
        fingers[id] = Point(x: x, y: y)
        frame(at: time)
    }

    mutating func move(_ id: Int, _ x: Double, _ y: Double, at time: Double) {
        fingers[id] = Point(x: x, y: y)
        frame(at: time)
    }

    mutating func up(_ id: Int, at time: Double) {
        fingers[id] = nil
        frame(at: time)
    }

    /// A 40 ms tap.
    mutating func tap(_ x: Double, _ y: Double, at time: Double, id: Int = 1) {
        down(id, x, y, at: time)
        up(id, at: time + 40)
    }

    /// One finger in a straight line, a report every `step` ms.
    mutating func stroke(_ id: Int, from start: Point, to end: Point, from t0: Double, duration: Double, step: Double = 8) {
        let count = max(1, Int((duration / step).rounded()))
        for k in 0...count {
            let f = Double(k) / Double(count)
            let point = Point(x: start.x + (end.x - start.x) * f, y: start.y + (end.y - start.y) * f)
            if k == 0 && fingers[id] == nil {
                down(id, point.x, point.y, at: t0)
            } else {
                move(id, point.x, point.y, at: t0 + duration * f)
            }
        }
    }

    mutating func advance(to time: Double) {
        events += recognizer.advance(to: time)
    }

    /// Recognized gestures only (no raw finger events, no "changed" steps), by trace name.
    var names: [String] { events.compactMap { $0.kind.recognizedName } }

    func first(_ name: String) -> GestureEvent? {
        events.first { $0.kind.recognizedName == name }
    }
}
