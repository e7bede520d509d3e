/// A fast 64-bit hash of bytes, eight at a time: names a book's state file
/// by its text and checks that a cached snapshot is whole. Not for
/// security: it only has to tell changed bytes from the same ones.
public enum ByteHash {
    public static func hash64(_ raw: UnsafeRawBufferPointer) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        let words = raw.count / 8
        for index in 0..<words {
            hash = (hash ^ UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))) &* multiplier
            hash ^= hash >> 29
        }
        var tail: UInt64 = 0
        for byte in raw[(words * 8)...].reversed() { tail = tail << 8 | UInt64(byte) }
        hash = (hash ^ tail) &* multiplier
        // The length last: mixed in first it would cancel against a change of the first byte.
        hash = (hash ^ UInt64(raw.count)) &* multiplier
        hash ^= hash >> 32
        return hash
    }
}
