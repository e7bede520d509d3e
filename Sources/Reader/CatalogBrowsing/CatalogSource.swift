import BookModel

/// An OPDS catalog the library offers to browse: the name it is listed
/// under and the address of its root feed (which may carry a user name
/// and password). Written `Name|URL` in the kiosk's settings and on the
/// command line.
public struct CatalogSource: Equatable, Sendable {
    public var name: String
    public var address: String

    public init(name: String, address: String) {
        self.name = name
        self.address = address
    }

    /// What a bad `Name|URL` lacks, in words (never repeating the address: it may hold a password).
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// `Name|URL`: a name, then an http or https address.
    public init(parsing text: String) throws(Problem) {
        guard let bar = text.firstIndex(of: "|") else {
            throw Problem(description: "expected Name|URL (a name, a bar, then the catalog's http or https address)")
        }
        let name = String(text[..<bar]).trimmingSpacesAndTabs
        let address = String(text[text.index(after: bar)...]).trimmingSpacesAndTabs
        guard !name.isEmpty else { throw Problem(description: "the catalog has no name before the bar (Name|URL)") }
        let scheme = address.split(separator: ":", maxSplits: 1).first?.lowercased()
        guard scheme == "http" || scheme == "https", address.contains("://"), !address.contains(where: \.isWhitespace) else {
            throw Problem(description: "\"\(name)\": not an http or https address of an OPDS feed after the bar")
        }
        self.init(name: name, address: address)
    }
}
