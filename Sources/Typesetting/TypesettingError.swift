/// Errors a person can act on about fonts: each names the file or family and what is wrong.
public enum TypesettingError: Error, CustomStringConvertible, Equatable {
    case fontUnavailable(path: String, reason: String)
    case noDefaultFont(family: String)

    public var description: String {
        switch self {
        case let .fontUnavailable(path, reason):
            return "\(path): cannot use this font: \(reason)"
        case let .noDefaultFont(family):
            return "no font found for \"\(family)\" through fontconfig; install fonts-dejavu-core or pass --font PATH"
        }
    }
}
