/// Builds one JSON object with keys in the order they are added, so output
/// lines read the same way every run.
public struct JSONLine {
    private var body = ""

    public mutating func add(_ key: String, _ value: Int) { append(key, String(value)) }
    public mutating func add(_ key: String, _ value: Double) {
        append(key, value.isFinite ? JSONLine.number(value) : "null")
    }
    public mutating func add(_ key: String, _ value: Bool) { append(key, value ? "true" : "false") }
    public mutating func add(_ key: String, _ value: String) { append(key, JSONLine.quote(value)) }
    /// The string, or null when there is none.
    public mutating func add(_ key: String, orNull value: String?) { append(key, value.map(JSONLine.quote) ?? "null") }
    public mutating func add(_ key: String, object: JSONLine) { append(key, object.text) }
    public mutating func add(_ key: String, _ values: [Double]) {
        append(key, "[" + values.map { JSONLine.number($0) }.joined(separator: ", ") + "]")
    }
    public mutating func addNull(_ key: String) { append(key, "null") }
    public mutating func add(_ key: String, strings: [String]) {
        append(key, "[" + strings.map(JSONLine.quote).joined(separator: ", ") + "]")
    }
    public mutating func add(_ key: String, objects: [JSONLine]) {
        append(key, "[" + objects.map(\.text).joined(separator: ", ") + "]")
    }

    public init() {}

    public var text: String { "{" + body + "}" }

    private mutating func append(_ key: String, _ raw: String) {
        if !body.isEmpty { body += ", " }
        body += JSONLine.quote(key) + ": " + raw
    }

    /// A finite number with at most three decimals and no exponent;
    /// whole numbers without a fraction.
    static func number(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        return String(rounded)
    }

    public static func quote(_ string: String) -> String {
        var out = "\""
        out.reserveCapacity(string.utf8.count + 2)
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            // C1 controls too: a terminal showing the line would obey them.
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
