/// Why a catalog could not be read, or a book from it not had: the address
/// (without its password) or file, and what is wrong, in one line.
public struct CatalogError: Error, Equatable, CustomStringConvertible, Sendable {
    public var place: String
    public var problem: String

    public init(place: String, problem: String) {
        self.place = place
        self.problem = problem
    }

    public var description: String { "\(place): \(problem)" }
}
