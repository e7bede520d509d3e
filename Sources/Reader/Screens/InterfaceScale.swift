/// How large the interface is drawn: its bars, lists, panels, keyboard,
/// targets and text together, for people who need large print. One of a
/// few steps, so every layout is tested at each.
public enum InterfaceScale: Double, CaseIterable, Sendable {
    case normal = 1
    case large = 1.5
    case largest = 2

    /// "1x", "1.5x", "2x": what the text panel's controls and the options say.
    public var label: String {
        (rawValue == rawValue.rounded() ? String(Int(rawValue)) : String(rawValue)) + "x"
    }

    /// "1", "1.5", "2", with or without an "x" after it; nil for anything else.
    public init?(parsing text: String) {
        var number = Substring(text.lowercased())
        if number.hasSuffix("x") { number = number.dropLast() }
        guard let value = Double(number), let scale = Self(rawValue: value) else { return nil }
        self = scale
    }

    /// The steps as the options list them, for messages.
    public static var choices: String {
        let numbers = allCases.map { String($0.label.dropLast()) }
        return numbers.dropLast().joined(separator: ", ") + " or " + (numbers.last ?? "")
    }
}
