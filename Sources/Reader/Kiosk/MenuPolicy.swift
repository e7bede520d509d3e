/// What the menu offers a kiosk's readers (`MENU=`): everything, or only
/// what reading needs (paging, contents, search and bookmarks), so that a public
/// kiosk keeps the book and the text as they were set up.
public enum MenuPolicy: String, CaseIterable, Sendable {
    case full
    case reading

    /// The text settings (the panel, `t`, and the size keys) are offered.
    public var offersTextSettings: Bool { self == .full }
    /// Another book can be chosen (the library, `l`).
    public var offersLibrary: Bool { self == .full }
}
