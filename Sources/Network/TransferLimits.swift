/// How much one transfer may take: bytes, and time three ways (to
/// connect, without any data arriving, and in all).
public struct TransferLimits: Equatable, Sendable {
    public var maximumBytes: Int
    /// What the byte limit is, as an error names it ("the limit of 50 MB (--max-mb)").
    public var limitName: String
    public var totalSeconds: Int
    public var connectSeconds: Int
    /// A transfer that receives nothing for this long is given up: a
    /// server that never answers fails within it.
    public var stallSeconds: Int
    /// Redirects followed at most; one more fails.
    public var maximumRedirects: Int

    public init(maximumBytes: Int, limitName: String? = nil, totalSeconds: Int, connectSeconds: Int = 15,
                stallSeconds: Int = 20, maximumRedirects: Int = 10) {
        self.maximumBytes = maximumBytes
        self.limitName = limitName ?? "the limit of \(Self.megabytes(maximumBytes)) MB"
        self.totalSeconds = totalSeconds
        self.connectSeconds = connectSeconds
        self.stallSeconds = stallSeconds
        self.maximumRedirects = maximumRedirects
    }

    /// Whole megabytes (MiB), rounded up, as limits are given.
    public static func megabytes(_ bytes: Int) -> Int { (bytes + (1 << 20) - 1) >> 20 }
}

/// What tells one version of a resource from another: the validators a
/// conditional request or a resumed one sends back.
public struct HTTPValidators: Equatable, Hashable, Sendable, Codable {
    public var etag: String?
    public var lastModified: String?

    public init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
    }

    public var isEmpty: Bool { etag == nil && lastModified == nil }
}

/// A response read into memory.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var body: [UInt8]
    public var contentType: String?
    public var validators: HTTPValidators
    /// Where the body came from, after redirects (without userinfo).
    public var finalAddress: String
}

/// A response written to a file.
public enum FileTransfer: Equatable, Sendable {
    /// The file holds the whole resource.
    case complete(FileResult)
    /// The validators given still match: nothing was sent, the file is untouched.
    case notModified

    public struct FileResult: Equatable, Sendable {
        /// The file's size now.
        public var bytes: Int
        /// Bytes that were there already and were kept (a resumed transfer), else 0.
        public var resumedFrom: Int
        public var contentType: String?
        public var validators: HTTPValidators
        public var finalAddress: String
    }
}
