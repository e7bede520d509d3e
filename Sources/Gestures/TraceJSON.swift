import Geometry

/// One-line JSON for `ebook-fb trace`: touch frames as
/// `{"t": ms, "touches": [{"id", "x", "y"}]}` and gestures as
/// `{"t": ms, "gesture": name, "x", "y"}` with `vx`, `vy` (px/ms) on
/// pan-end and `scale` on pinch-end.
public enum TraceJSON {
    public static func frame(_ frame: TouchFrame) -> String {
        let touches = frame.touches.map { "{\"id\": \($0.id), \"x\": \(number($0.x)), \"y\": \(number($0.y))}" }
        return "{\"t\": \(number(frame.time)), \"touches\": [\(touches.joined(separator: ", "))]}"
    }

    /// The gesture's trace line, or nil for events the trace does not print
    /// (raw finger events and the "changed" steps of pans and pinches).
    public static func gesture(_ event: GestureEvent) -> String? {
        guard let name = name(of: event.kind), let point = location(of: event.kind) else { return nil }
        var fields = ["\"t\": \(number(event.time))", "\"gesture\": \"\(name)\"",
                      "\"x\": \(number(point.x))", "\"y\": \(number(point.y))"]
        switch event.kind {
        case .panEnded(_, _, let velocity):
            fields += ["\"vx\": \(number(velocity.x))", "\"vy\": \(number(velocity.y))"]
        case .pinchEnded(_, let scale):
            fields.append("\"scale\": \(number(scale))")
        default:
            break
        }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// The trace name of a gesture, or nil when the trace does not print it.
    public static func name(of kind: GestureKind) -> String? {
        switch kind {
        case .tap: "tap"
        case .doubleTap: "double-tap"
        case .twoFingerTap: "two-finger-tap"
        case .longPress: "long-press"
        case .panBegan: "pan-begin"
        case .panEnded: "pan-end"
        case .pinchBegan: "pinch-begin"
        case .pinchEnded: "pinch-end"
        case .fingerDown, .fingerMoved, .fingerUp, .panChanged, .pinchChanged: nil
        }
    }

    static func location(of kind: GestureKind) -> Point? {
        switch kind {
        case .fingerDown(_, let point), .fingerMoved(_, let point), .fingerUp(_, let point),
             .tap(let point, _), .doubleTap(let point), .twoFingerTap(let point), .longPress(let point),
             .panBegan(let point, _), .panChanged(let point, _, _), .panEnded(let point, _, _),
             .pinchBegan(let point, _), .pinchChanged(let point, _), .pinchEnded(let point, _):
            point
        }
    }

    /// A JSON number: integers without a fraction, others to 3 decimals; never NaN or infinity.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let thousandths = Int64((min(max(value, -1e12), 1e12) * 1000).rounded())
        let sign = thousandths < 0 ? "-" : ""
        let whole = abs(thousandths) / 1000
        var fraction = String(abs(thousandths) % 1000)
        guard fraction != "0" else { return "\(sign)\(whole)" }
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(sign)\(whole).\(fraction)"
    }
}
