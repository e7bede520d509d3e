/// Why a transfer failed, in one line naming the address (never its
/// password) and what went wrong.
public struct NetworkError: Error, Equatable, CustomStringConvertible, Sendable {
    public enum Kind: Equatable, Sendable {
        /// Not an http or https address.
        case badAddress
        /// The server could not be reached, or the connection broke.
        case unreachable
        /// No answer in time, or the whole transfer took too long.
        case timedOut
        /// More than the size limit was sent.
        case tooLarge
        /// The server answered with an error status.
        case status(Int)
        /// Redirected too many times.
        case redirects
        /// What arrived could not be kept (disk full, unwritable).
        case localFile
        /// Stopped from another thread (`TransferCancellation`).
        case cancelled
        /// Anything else libcurl reports (TLS, protocol errors).
        case other
    }

    /// The address without its userinfo.
    public var address: String
    public var problem: String
    public var kind: Kind

    public init(address: String, problem: String, kind: Kind) {
        self.address = address
        self.problem = problem
        self.kind = kind
    }

    public var description: String { "\(address): \(problem)" }
}
