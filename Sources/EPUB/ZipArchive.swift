import CZipLoader
import Threading

/// An EPUB's zip container read through libzip. Entries are read whole
/// into memory, each against a size limit, and an entry that inflates far
/// beyond what its compressed size allows for text or images is refused
/// (a zip bomb). libzip is not safe to use from two threads at once, so
/// every read holds the archive's lock.
final class ZipArchive: @unchecked Sendable {
    struct Entry {
        var index: UInt64
        var size: Int
        var compressedSize: Int
        var method: Int32
        var encrypted: Bool
        /// The CRC-32 of the inflated bytes, as the directory records it.
        var checksum: UInt32
    }

    let path: String
    private let handle: OpaquePointer
    private let lock = Condition()
    /// Entries by name, as stored in the archive.
    let entries: [String: Entry]
    /// Names in the order of the archive.
    let names: [String]

    /// More entries than any real book has; a hostile archive can list millions.
    static let maximumEntries = 50_000
    /// Above this many bytes, an entry may inflate at most `maximumRatio` times its compressed size.
    static let ratioCheckedSize = 1 << 20
    /// Deflate reaches some 1000:1 on runs of one byte; text compresses 3 to 10 times, XML up to 30.
    static let maximumRatio = 100

    init(path: String) throws {
        try EPUBLibraries.load(forBookAt: path)
        var code: Int32 = 0
        guard let handle = ebookfb_zip_open(path, ZIP_RDONLY | ZIP_CHECKCONS, &code) else {
            throw Self.openError(path: path, code: code)
        }
        self.path = path
        self.handle = handle
        let count = ebookfb_zip_get_num_entries(handle, 0)
        guard count >= 0, count <= Int64(Self.maximumEntries) else {
            ebookfb_zip_discard(handle)
            throw EPUBError.tooLarge(path: path, reason: "the archive lists \(count) files, more than \(Self.maximumEntries)")
        }
        var entries: [String: Entry] = [:]
        var names: [String] = []
        for index in 0..<UInt64(count) {
            var status = zip_stat_t()
            ebookfb_zip_stat_init(&status)
            guard ebookfb_zip_stat_index(handle, index, 0, &status) == 0, let rawName = status.name else { continue }
            let name = String(cString: rawName)
            guard entries[name] == nil else { continue }
            entries[name] = Entry(index: index, size: Int(clamping: status.size), compressedSize: Int(clamping: status.comp_size),
                                  method: Int32(status.comp_method),
                                  encrypted: status.encryption_method != UInt16(ZIP_EM_NONE), checksum: status.crc)
            names.append(name)
        }
        self.entries = entries
        self.names = names
    }

    deinit { ebookfb_zip_discard(handle) }

    private static func openError(path: String, code: Int32) -> Error {
        switch code {
        case ZIP_ER_NOENT: return EPUBError.damagedArchive(path: path, reason: "no such file")
        case ZIP_ER_OPEN, ZIP_ER_READ: return EPUBError.damagedArchive(path: path, reason: "it cannot be opened or read")
        case ZIP_ER_NOZIP: return EPUBError.damagedArchive(path: path, reason: "no zip directory: truncated or not a zip file")
        default:
            var error = zip_error_t()
            ebookfb_zip_error_init_with_code(&error, code)
            defer { ebookfb_zip_error_fini(&error) }
            return EPUBError.damagedArchive(path: path, reason: String(cString: ebookfb_zip_error_strerror(&error)))
        }
    }

    func contains(_ name: String) -> Bool { entries[name] != nil }

    /// The compressed size of every entry, as the directory records them.
    var compressedSize: Int {
        entries.values.reduce(0) { total, entry in
            let (sum, overflow) = total.addingReportingOverflow(max(0, entry.compressedSize))
            return overflow ? Int.max : sum
        }
    }

    /// The first entry compressed with a method other than Deflate or none.
    var unsupportedCompression: (name: String, method: String)? {
        for name in names {
            guard let entry = entries[name], entry.method != ZIP_CM_STORE, entry.method != ZIP_CM_DEFLATE else { continue }
            return (name, Self.methodName(entry.method))
        }
        return nil
    }

    static func methodName(_ method: Int32) -> String {
        switch method {
        case ZIP_CM_BZIP2: return "bzip2 (zip method 12)"
        case ZIP_CM_LZMA: return "LZMA (zip method 14)"
        case ZIP_CM_XZ: return "xz (zip method 95)"
        case 93: return "Zstandard (zip method 93)"
        case ZIP_CM_DEFLATE64: return "Deflate64 (zip method 9)"
        default: return "zip compression method \(method)"
        }
    }

    /// The bytes of entry `name`, at most `limit` of them.
    /// Throws a `ResourceError`.
    func read(_ name: String, limit: Int) throws -> [UInt8] {
        guard let entry = entries[name] else { throw ResourceError.missing(name) }
        if entry.size > limit { throw ResourceError.tooLarge(name, limit: limit) }
        if entry.encrypted { throw ResourceError.damaged(name, reason: "encrypted in the zip") }
        if entry.size > Self.ratioCheckedSize, entry.size / max(1, entry.compressedSize) > Self.maximumRatio {
            throw ResourceError.suspiciousRatio(name)
        }
        return try lock.withLock {
            guard let file = ebookfb_zip_fopen_index(handle, entry.index, 0) else {
                throw ResourceError.damaged(name, reason: String(cString: ebookfb_zip_strerror(handle)))
            }
            defer { ebookfb_zip_fclose(file) }
            // The size in the directory may lie: read at most one byte past it, never past the limit.
            let capacity = min(entry.size, limit) + 1
            var bytes = [UInt8](repeating: 0, count: capacity)
            var filled = 0
            while filled < capacity {
                let got = bytes.withUnsafeMutableBytes { buffer in
                    // capacity >= 1, so the buffer has an address.
                    ebookfb_zip_fread(file, buffer.baseAddress! + filled, UInt64(capacity - filled))
                }
                if got < 0 { throw ResourceError.damaged(name, reason: String(cString: ebookfb_zip_file_strerror(file))) }
                if got == 0 { break }
                filled += Int(got)
            }
            if filled > entry.size {
                throw filled > limit ? ResourceError.tooLarge(name, limit: limit)
                    : ResourceError.damaged(name, reason: "longer than its recorded size")
            }
            bytes.removeSubrange(filled...)
            return bytes
        }
    }
}
