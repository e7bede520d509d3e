/// The kinds of book file a catalog offers that the reader opens, in the
/// order one is preferred when an entry offers several.
public enum BookFileType: Int, CaseIterable, Comparable, Sendable {
    case epub
    case pdf
    case comic
    case text

    /// From a link's media type (parameters ignored); nil for anything else.
    public init?(mediaType: String) {
        let essence = mediaType.split(separator: ";").first.map { String($0).lowercased().filter { $0 != " " } } ?? ""
        switch essence {
        case "application/epub+zip": self = .epub
        case "application/pdf": self = .pdf
        case "application/vnd.comicbook+zip", "application/x-cbz", "application/x-cbr", "application/vnd.comicbook-rar",
             "application/x-cb7", "application/x-cbt":
            self = .comic
        case "text/plain": self = .text
        default: return nil
        }
    }

    /// The extension a file of this kind and media type is named with.
    public static func fileExtension(mediaType: String) -> String? {
        guard let kind = BookFileType(mediaType: mediaType) else { return nil }
        switch kind {
        case .epub: return "epub"
        case .pdf: return "pdf"
        case .text: return "txt"
        case .comic:
            let lower = mediaType.lowercased()
            if lower.contains("rar") || lower.contains("cbr") { return "cbr" }
            if lower.contains("cb7") { return "cb7" }
            if lower.contains("cbt") { return "cbt" }
            return "cbz"
        }
    }

    /// The name of the reader's format that opens such a file (`OpenedBook.formatName`).
    public var formatName: String {
        switch self {
        case .epub: "epub"
        case .pdf: "pdf"
        case .comic: "comic"
        case .text: "text"
        }
    }

    public static func < (lhs: BookFileType, rhs: BookFileType) -> Bool { lhs.rawValue < rhs.rawValue }
}
