/// Little-endian integers and counted byte strings, written into a byte
/// array: the encoding of the snapshots the reader keeps in its cache.
public struct ByteWriter {
    public init() {}

    public private(set) var bytes: [UInt8] = []

    public mutating func append(raw: some Sequence<UInt8>) { bytes.append(contentsOf: raw) }

    public mutating func append(_ value: UInt8) { bytes.append(value) }

    public mutating func append(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    public mutating func append(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// A 32-bit length, then the bytes.
    public mutating func append(counted value: some Collection<UInt8>) {
        append(UInt32(value.count))
        bytes.append(contentsOf: value)
    }

    /// A byte saying whether there is a value (1) or none (0), then the
    /// value as `counted`.
    public mutating func append(optional value: (some Collection<UInt8>)?) {
        guard let value else { return append(UInt8(0)) }
        append(UInt8(1))
        append(counted: value)
    }
}

/// Reads what `ByteWriter` wrote. Every read checks the bytes left and
/// gives nil past the end, so truncated input is never read beyond.
public struct ByteReader {
    private let bytes: UnsafeRawBufferPointer
    private var offset = 0

    public init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    public var remaining: Int { bytes.count - offset }
    public var isAtEnd: Bool { offset == bytes.count }

    /// The next `count` bytes, zero-based.
    public mutating func raw(_ count: Int) -> UnsafeRawBufferPointer? {
        guard count >= 0, count <= remaining else { return nil }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)])
    }

    public mutating func uint8() -> UInt8? { raw(1).map { $0[0] } }

    public mutating func uint32() -> UInt32? {
        raw(4).map { UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self)) }
    }

    public mutating func counted() -> UnsafeRawBufferPointer? {
        guard let count = uint32() else { return nil }
        return raw(Int(count))
    }

    /// nil when the input ends or is malformed; .some(nil) for a value written as none.
    public mutating func optionalCounted() -> UnsafeRawBufferPointer?? {
        switch uint8() {
        case 0: return .some(nil)
        case 1: return counted().map { .some($0) }
        default: return nil
        }
    }
}

/// The frame of every snapshot in the reader's cache: a magic line, the
/// format's version and the key of what it was made from, then the body,
/// then a hash of all before it, so a damaged or foreign snapshot is refused
/// rather than misread.
extension ByteWriter {
    /// A writer holding a snapshot's head.
    public init(snapshot magic: [UInt8], version: UInt32, key: String) {
        self.init()
        append(raw: magic)
        append(version)
        append(counted: Array(key.utf8))
    }

    /// The bytes written, ended by their hash.
    public func sealed() -> [UInt8] {
        var out = self
        out.append(bytes.withUnsafeBytes(ByteHash.hash64))
        return out.bytes
    }
}

extension ByteReader {
    /// A reader at the body of the snapshot in `bytes`; nil unless they end
    /// in their hash and begin with `magic`, `version` and `key`.
    public init?(snapshot bytes: UnsafeRawBufferPointer, magic: [UInt8], version: UInt32, key: String) {
        guard bytes.count >= 8 else { return nil }
        let body = UnsafeRawBufferPointer(rebasing: bytes[..<(bytes.count - 8)])
        let stored = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self))
        guard ByteHash.hash64(body) == stored else { return nil }
        self.init(body)
        guard let head = raw(magic.count), head.elementsEqual(magic), uint32() == version,
              let named = counted(), named.elementsEqual(key.utf8) else { return nil }
    }
}
