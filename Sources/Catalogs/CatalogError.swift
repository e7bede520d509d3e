import Network

/// Why a catalog could not be read, or a book from it not had: the address
/// (without its password) or file, and what is wrong, in one line.
public struct CatalogError: Error, Equatable, CustomStringConvertible, Sendable {
    public var place: String
    public var problem: String
    /// The server could not be reached (no network, no such host, nothing
    /// listening) or the connection broke: a screen says so rather than the details.
    public var isUnreachable = false
    /// The transfer was stopped on purpose (a Cancel control), not by a fault.
    public var isCancelled = false

    public init(place: String, problem: String) {
        self.place = place
        self.problem = problem
    }

    /// A transfer's failure, its kind kept where it matters.
    public init(_ error: NetworkError) {
        self.init(place: error.address, problem: error.problem)
        isUnreachable = error.kind == .unreachable
        isCancelled = error.kind == .cancelled
    }

    public var description: String { "\(place): \(problem)" }

    /// libxml2, loaded with the first catalog, is not installed.
    static func xmlLibraryMissing(place: String) -> CatalogError {
        CatalogError(place: place, problem: "cannot read catalogs: libxml2 is not installed (Debian's libxml2)")
    }
}
