/// How far a download into a file has come: the file's bytes so far (a
/// resumed part included), and the whole size when the server or the
/// catalog said it.
public struct TransferProgress: Equatable, Sendable {
    public var bytes: Int
    public var expectedBytes: Int?

    public init(bytes: Int, expectedBytes: Int?) {
        self.bytes = bytes
        self.expectedBytes = expectedBytes
    }

    /// The part done, from 0 to 1; nil while the whole size is unknown.
    public var fraction: Double? {
        guard let expectedBytes, expectedBytes > 0 else { return nil }
        return min(1, max(0, Double(bytes) / Double(expectedBytes)))
    }
}
