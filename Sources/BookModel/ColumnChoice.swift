/// How many pages a screen shows side by side: `auto` shows two where one
/// page would hold lines longer than the eye follows easily, else one.
public enum ColumnChoice: String, Sendable, Codable, CaseIterable {
    case auto
    case one = "1"
    case two = "2"
}
