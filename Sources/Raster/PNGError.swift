/// A PNG file that could not be written or read, with the path and why.
public struct PNGError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Operation: String, Sendable {
        case write = "write"
        case read = "read"
    }

    public let operation: Operation
    public let path: String
    public let reason: String

    public init(operation: Operation, path: String, reason: String) {
        self.operation = operation
        self.path = path
        self.reason = reason
    }

    public var description: String { "cannot \(operation.rawValue) PNG '\(path)': \(reason)" }
}
