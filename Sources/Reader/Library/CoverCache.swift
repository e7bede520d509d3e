import BookModel
import BookStorage
import LinuxSystem
import Raster
import Typesetting

/// Covers and what they were made from (title, authors, the problem of a
/// book that cannot be opened), one file per book in the cache folder's
/// `covers` folder. A file is used only for the very key it was made
/// for (the book's path, size, modification time and inode, the cover's
/// size and font, the format's version) and only when its checksum
/// holds: anything else, a torn or foreign file, is a miss, and a miss
/// costs only reading the book's head and drawing the cover again.
/// Writing is best effort, atomic through a temporary file renamed into
/// place: a read-only or full disk only makes the next start slower.
public struct CoverCache: Sendable {
    public let directory: String
    static let magic = Array("EBFBCVR1".utf8)

    public init(directory: String) { self.directory = directory }

    /// `$CACHE_DIRECTORY` (systemd), else `$XDG_CACHE_HOME/ebook-fb`, else
    /// `~/.cache/ebook-fb`; the covers go in its `covers` folder.
    public static func defaultDirectory(environment: [String: String]) -> String {
        UserDirectories.folder(systemd: "CACHE_DIRECTORY", xdg: "XDG_CACHE_HOME", underHome: ".cache",
                               environment: environment) + "/covers"
    }

    /// The key of one cover: everything the cover and its names depend on.
    public static func key(path: String, status: FileStatus, coverWidth: Int, coverHeight: Int, font: String,
                           formatVersion: Int) -> String {
        "\(path)|\(status.size)|\(status.modified)|\(status.inode)|\(coverWidth)x\(coverHeight)|\(font)|\(formatVersion)"
    }

    func filePath(forKey key: String) -> String {
        let hash = Array(key.utf8).withUnsafeBytes(ByteHash.hash64)
        let hex = String(hash, radix: 16)
        return directory + "/" + String(repeating: "0", count: 16 - hex.count) + hex + ".cover"
    }

    public func load(key: String) -> (info: LibraryBookInfo, cover: PixelBuffer)? {
        guard let bytes = try? FileDescriptor.readFile(filePath(forKey: key)) else { return nil }
        return Self.decode(bytes, key: key)
    }

    /// Writes the entry; false when it could not be written.
    @discardableResult
    public func save(key: String, info: LibraryBookInfo, cover: PixelBuffer) -> Bool {
        let bytes = Self.encode(key: key, info: info, cover: cover)
        do throws(SystemError) {
            try FileSystem.createDirectories(directory)
            // Not synced: a cover torn by a power cut fails its checksum and is drawn again.
            try AtomicFile.replace(path: filePath(forKey: key), contents: bytes, durability: .cached)
            return true
        } catch {
            return false
        }
    }

    static func encode(key: String, info: LibraryBookInfo, cover: PixelBuffer) -> [UInt8] {
        var bytes = magic
        func word(_ value: Int) {
            let value = UInt32(truncatingIfNeeded: value)
            bytes += (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * UInt32($0))) }
        }
        func text(_ string: String) {
            word(string.utf8.count)
            bytes += string.utf8
        }
        text(key)
        text(info.title)
        word(info.authors.count)
        info.authors.forEach(text)
        if let problem = info.problem {
            word(1)
            text(problem)
        } else {
            word(0)
        }
        word(cover.width)
        word(cover.height)
        bytes.reserveCapacity(bytes.count + cover.width * cover.height * 4 + 8)
        for y in 0..<cover.height {
            cover.withRowBytes(y) { bytes += $0 }
        }
        let hash = bytes.withUnsafeBytes(ByteHash.hash64)
        bytes += (0..<8).map { UInt8(truncatingIfNeeded: hash >> (8 * UInt64($0))) }
        return bytes
    }

    /// The entry in `bytes`, or nil when they are not a whole entry for `key`.
    static func decode(_ bytes: [UInt8], key: String) -> (info: LibraryBookInfo, cover: PixelBuffer)? {
        guard bytes.count >= magic.count + 8, bytes.starts(with: magic) else { return nil }
        let body = bytes.count - 8
        let stored = (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[body + $1]) << (8 * UInt64($1)) }
        guard bytes.withUnsafeBytes({ ByteHash.hash64(UnsafeRawBufferPointer(rebasing: $0[..<body])) }) == stored else {
            return nil
        }
        var offset = magic.count
        func word() -> Int? {
            guard offset + 4 <= body else { return nil }
            defer { offset += 4 }
            return (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
        }
        func text() -> String? {
            guard let length = word(), length <= body - offset else { return nil }
            defer { offset += length }
            return String(decoding: bytes[offset..<(offset + length)], as: UTF8.self)
        }
        guard text() == key, let title = text(), let count = word(), count <= 64 else { return nil }
        var authors: [String] = []
        for _ in 0..<count {
            guard let author = text() else { return nil }
            authors.append(author)
        }
        guard let hasProblem = word() else { return nil }
        var problem: String?
        if hasProblem == 1 {
            guard let text = text() else { return nil }
            problem = text
        }
        guard let width = word(), let height = word(), width > 0, height > 0, width <= 4096, height <= 4096,
              body - offset == width * height * 4 else { return nil }
        var cover = PixelBuffer(width: width, height: height)
        cover.withUnsafeMutablePixels { pixels in
            bytes.withUnsafeBytes { raw in
                for index in 0..<(width * height) {
                    pixels[index] = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset + index * 4, as: UInt32.self))
                }
            }
        }
        return (LibraryBookInfo(title: title, authors: authors, problem: problem), cover)
    }
}
