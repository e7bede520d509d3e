/// A book's text after decoding: normalised UTF-8 with LF line ends, no NUL
/// and no control characters but LF and TAB, invalid bytes as U+FFFD.
/// Positions into it are counted in Unicode scalars.
public struct DecodedText: Sendable {
    public let utf8: [UInt8]
    public let scalarCount: Int
    public let encoding: TextEncoding
    /// How sure the encoding is, 0...100: 100 for a byte order mark, valid
    /// UTF-8 or an encoding given by name.
    public let encodingConfidence: Int
    /// The language of the charset model that named the encoding, if one did.
    public let encodingLanguage: String?
    /// The size of the file as read, before decoding.
    public let sourceByteCount: Int
    /// How many of the file's bytes the text covers: all of them, or a
    /// leading window of a large file cut at a paragraph boundary.
    public let sourceBytesDecoded: Int

    public init(utf8: [UInt8], scalarCount: Int, encoding: TextEncoding, encodingConfidence: Int, encodingLanguage: String?,
                sourceByteCount: Int, sourceBytesDecoded: Int) {
        self.utf8 = utf8
        self.scalarCount = scalarCount
        self.encoding = encoding
        self.encodingConfidence = encodingConfidence
        self.encodingLanguage = encodingLanguage
        self.sourceByteCount = sourceByteCount
        self.sourceBytesDecoded = sourceBytesDecoded
    }

    /// True when the text is the whole file, not a window of it.
    public var isComplete: Bool { sourceBytesDecoded >= sourceByteCount }

    /// Decodes the scalar at `index` of text that is known to be valid UTF-8.
    @inline(__always)
    public static func decodeScalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
        let lead = UInt32(bytes[index])
        if lead < 0x80 { return (lead, 1) }
        if lead < 0xE0 { return ((lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F), 2) }
        if lead < 0xF0 {
            return ((lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F), 3)
        }
        return ((lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12
                | UInt32(bytes[index + 2] & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F), 4)
    }
}
