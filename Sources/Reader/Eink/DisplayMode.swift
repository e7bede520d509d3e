/// How frames reach the panel: as they come (an LCD), or under the e-ink
/// policy (`EinkDisplay`): no motion, 16 greys, updates the size of what
/// changed, a full refresh every few turns, the interface in fast black and
/// white.
public enum DisplayMode: String, CaseIterable, Sendable {
    case standard
    case eink

    /// "standard or eink", for messages.
    public static var choices: String { allCases.map(\.rawValue).joined(separator: " or ") }
}
