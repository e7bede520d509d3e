import LinuxSystem

/// A zip archive's central directory: every member's name, sizes, method
/// and where its local header is, read once from the end of the file, so
/// that a member is then read without going through those before it.
struct ZipDirectory {
    struct Entry: Equatable {
        var name: String
        /// 0: stored as it is; anything else is inflated through libarchive.
        var method: Int
        var flags: Int
        var compressedSize: Int
        var size: Int
        var localHeaderOffset: Int

        var isDirectory: Bool { name.hasSuffix("/") }
        var isEncrypted: Bool { flags & 1 != 0 }
    }

    var entries: [Entry]

    /// A central directory larger than this is not read (some millions of members).
    static let maximumDirectoryBytes = 64 << 20

    /// The directory of the zip archive open as `file`, `fileSize` bytes
    /// long; nil when its end records cannot be found or do not hold
    /// together (libarchive then reads the archive from its start).
    static func read(_ file: FileDescriptor, fileSize: Int) throws(SystemError) -> ZipDirectory? {
        // The end record (22 bytes) follows at most a 64 KB comment.
        let tailLength = min(fileSize, 22 + 0xFFFF)
        let tail = try file.readBytes(count: tailLength, fromOffset: fileSize - tailLength)
        guard let end = lastSignature(0x0605_4B50, in: tail, length: 22) else { return nil }
        var count = Int(tail.uint16(at: end + 10))
        var directorySize = Int(tail.uint32(at: end + 12))
        var directoryOffset = Int(tail.uint32(at: end + 16))
        if count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
            guard end >= 20, tail.uint32(at: end - 20) == 0x0706_4B50 else { return nil }
            let recordOffset = Int(clamping: tail.uint64(at: end - 20 + 8))
            guard recordOffset >= 0, recordOffset <= fileSize - 56 else { return nil }
            let record = try file.readBytes(count: 56, fromOffset: recordOffset)
            guard record.count == 56, record.uint32(at: 0) == 0x0606_4B50 else { return nil }
            count = Int(clamping: record.uint64(at: 32))
            directorySize = Int(clamping: record.uint64(at: 40))
            directoryOffset = Int(clamping: record.uint64(at: 48))
        }
        guard directorySize <= maximumDirectoryBytes, directoryOffset >= 0, directoryOffset <= fileSize - directorySize else {
            return nil
        }
        let directory = try file.readBytes(count: directorySize, fromOffset: directoryOffset)
        guard let entries = parse(directory, count: count, fileSize: fileSize) else { return nil }
        return ZipDirectory(entries: entries)
    }

    /// The central directory's `count` records.
    static func parse(_ bytes: [UInt8], count: Int, fileSize: Int) -> [Entry]? {
        var entries: [Entry] = []
        var at = 0
        while entries.count < count {
            guard at + 46 <= bytes.count, bytes.uint32(at: at) == 0x0201_4B50 else { return nil }
            let nameLength = Int(bytes.uint16(at: at + 28)), extraLength = Int(bytes.uint16(at: at + 30))
            let commentLength = Int(bytes.uint16(at: at + 32))
            let nameStart = at + 46, extraStart = nameStart + nameLength, next = extraStart + extraLength + commentLength
            guard next <= bytes.count else { return nil }
            var entry = Entry(name: String(decoding: bytes[nameStart..<extraStart], as: UTF8.self),
                              method: Int(bytes.uint16(at: at + 10)), flags: Int(bytes.uint16(at: at + 8)),
                              compressedSize: Int(bytes.uint32(at: at + 20)), size: Int(bytes.uint32(at: at + 24)),
                              localHeaderOffset: Int(bytes.uint32(at: at + 42)))
            applyZip64(Array(bytes[extraStart..<(extraStart + extraLength)]), to: &entry)
            guard entry.localHeaderOffset < fileSize else { return nil }
            entries.append(entry)
            at = next
        }
        return entries
    }

    /// Where the member's bytes start: after its local header, whose name
    /// and extra field may differ in length from the directory's.
    static func dataOffset(of entry: Entry, in file: FileDescriptor) throws(SystemError) -> Int? {
        let header = try file.readBytes(count: 30, fromOffset: entry.localHeaderOffset)
        guard header.count == 30, header.uint32(at: 0) == 0x0403_4B50 else { return nil }
        return entry.localHeaderOffset + 30 + Int(header.uint16(at: 26)) + Int(header.uint16(at: 28))
    }

    /// Sizes and offset too large for 32 bits are in the zip64 extra field,
    /// in this order, each only when its 32-bit field is all ones.
    private static func applyZip64(_ extra: [UInt8], to entry: inout Entry) {
        var at = 0
        while at + 4 <= extra.count {
            let id = extra.uint16(at: at), length = Int(extra.uint16(at: at + 2))
            guard at + 4 + length <= extra.count else { return }
            if id == 1 {
                var field = at + 4
                func take() -> Int? {
                    guard field + 8 <= at + 4 + length else { return nil }
                    defer { field += 8 }
                    return Int(clamping: extra.uint64(at: field))
                }
                if entry.size == 0xFFFF_FFFF, let value = take() { entry.size = value }
                if entry.compressedSize == 0xFFFF_FFFF, let value = take() { entry.compressedSize = value }
                if entry.localHeaderOffset == 0xFFFF_FFFF, let value = take() { entry.localHeaderOffset = value }
                return
            }
            at += 4 + length
        }
    }

    /// The offset of the last `signature` in `bytes` with room for a record of `length` after it.
    private static func lastSignature(_ signature: UInt32, in bytes: [UInt8], length: Int) -> Int? {
        var at = bytes.count - length
        while at >= 0 {
            if bytes.uint32(at: at) == signature { return at }
            at -= 1
        }
        return nil
    }
}

extension Array where Element == UInt8 {
    /// Little-endian integers, as zip records hold them.
    func uint16(at offset: Int) -> UInt16 { UInt16(self[offset]) | UInt16(self[offset + 1]) << 8 }
    func uint32(at offset: Int) -> UInt32 { UInt32(uint16(at: offset)) | UInt32(uint16(at: offset + 2)) << 16 }
    func uint64(at offset: Int) -> UInt64 { UInt64(uint32(at: offset)) | UInt64(uint32(at: offset + 4)) << 32 }
}
