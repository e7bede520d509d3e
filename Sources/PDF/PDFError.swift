/// Why a PDF cannot be opened, in one line that names the file and what is wrong.
public enum PDFError: Error, CustomStringConvertible, Equatable {
    /// Encrypted with a password the reader is not given.
    case needsPassword(path: String)
    /// MuPDF could not read the file even after repairing what it could.
    case unreadable(path: String, reason: String)

    public var description: String {
        switch self {
        case let .needsPassword(path):
            return "\(path): refused: the PDF is protected by a password, which the reader cannot ask for"
        case let .unreadable(path, reason):
            return "\(path): cannot read the PDF: \(reason)"
        }
    }

    /// The problem in a few words, without the path.
    public var reason: String {
        switch self {
        case .needsPassword: return "protected by a password"
        case let .unreadable(_, reason): return "a damaged PDF (\(reason))"
        }
    }
}
