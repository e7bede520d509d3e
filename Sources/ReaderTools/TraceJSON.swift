import Gestures
import Reader

/// One-line JSON for `ebook-fb trace`: touch frames as
/// `{"t": ms, "touches": [{"id", "x", "y"}]}` and gestures as
/// `{"t": ms, "gesture": name, "x", "y"}` with `vx`, `vy` (px/ms) on
/// pan-end and `scale` on pinch-end. Numbers are never NaN or infinite:
/// a trace line always parses.
public enum TraceJSON {
    public static func frame(_ frame: TouchFrame) -> String {
        var line = JSONLine()
        line.add("t", finite(frame.time))
        line.add("touches", objects: frame.touches.map { touch in
            var object = JSONLine()
            object.add("id", touch.id)
            object.add("x", finite(touch.x))
            object.add("y", finite(touch.y))
            return object
        })
        return line.text
    }

    /// The gesture's trace line, or nil for events the trace does not print
    /// (raw finger events and the "changed" steps of pans and pinches).
    public static func gesture(_ event: GestureEvent) -> String? {
        guard let name = name(of: event.kind) else { return nil }
        let point = event.kind.location
        var line = JSONLine()
        line.add("t", finite(event.time))
        line.add("gesture", name)
        line.add("x", finite(point.x))
        line.add("y", finite(point.y))
        switch event.kind {
        case .panEnded(_, _, let velocity):
            line.add("vx", finite(velocity.x))
            line.add("vy", finite(velocity.y))
        case .pinchEnded(_, let scale):
            line.add("scale", finite(scale))
        default:
            break
        }
        return line.text
    }

    /// The trace name of a gesture, or nil when the trace does not print it.
    public static func name(of kind: GestureKind) -> String? { kind.recognizedName }

    private static func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }
}
