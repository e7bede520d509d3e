import CArchiveLoader
import Glibc
import LinuxSystem

/// One libarchive reader, used by one thread at a time: the archive's
/// members in order, each member's bytes as it is reached. libarchive is
/// loaded with the first reader.
final class ArchiveHandle {
    /// What libarchive says of the member just reached.
    struct Header {
        var name: String
        var isRegularFile: Bool
        /// nil when the format does not record it ahead of the data.
        var size: Int?
        /// Where the member's bytes start in the file, when they are stored
        /// there as they are (an uncompressed tar): they can be read directly.
        var storedOffset: Int?
    }

    private let archive: OpaquePointer
    private let path: String
    /// Kept alive while libarchive reads through it.
    private let source: OffsetSource?

    /// Opens the file at `path` in whatever format and compression libarchive knows.
    init(path: String) throws(ComicError) {
        guard ebookfb_archive_load() == 1 else { throw .archiveLibraryMissing(path: path) }
        guard let archive = ebookfb_archive_read_new() else { throw .damagedArchive(path: path, reason: "out of memory") }
        self.archive = archive
        self.path = path
        source = nil
        ebookfb_archive_read_support_filter_all(archive)
        ebookfb_archive_read_support_format_all(archive)
        guard ebookfb_archive_read_open_filename(archive, path, 64 << 10) == ARCHIVE_OK else {
            // Every property is set: deinit frees the reader.
            throw .damagedArchive(path: path, reason: Self.message(archive))
        }
    }

    /// Reads the zip member whose local header is at `offset` of `file`,
    /// from there on, without the central directory.
    init(zipMemberOf file: FileDescriptor, at offset: Int) throws(ComicError) {
        guard ebookfb_archive_load() == 1 else { throw .archiveLibraryMissing(path: file.path) }
        guard let archive = ebookfb_archive_read_new() else { throw .damagedArchive(path: file.path, reason: "out of memory") }
        self.archive = archive
        path = file.path
        let source = OffsetSource(file: file, offset: offset)
        self.source = source
        ebookfb_archive_read_support_format_zip_streamable(archive)
        let opened = ebookfb_archive_read_open(archive, Unmanaged.passUnretained(source).toOpaque(), nil, { _, client, buffer in
            guard let client, let buffer else { return -1 }
            return Unmanaged<OffsetSource>.fromOpaque(client).takeUnretainedValue().next(buffer)
        }, nil)
        guard opened == ARCHIVE_OK else {
            // Every property is set: deinit frees the reader.
            throw .damagedArchive(path: path, reason: Self.message(archive))
        }
    }

    deinit { ebookfb_archive_read_free(archive) }

    /// The next member's header; nil after the last.
    func next() throws(ComicError) -> Header? {
        var entry: OpaquePointer?
        let result = ebookfb_archive_read_next_header(archive, &entry)
        if result == ARCHIVE_EOF { return nil }
        guard result == ARCHIVE_OK || result == ARCHIVE_WARN, let entry else {
            throw .damagedArchive(path: path, reason: Self.message(archive))
        }
        let name = ebookfb_archive_entry_pathname_utf8(entry).map { String(cString: $0) }
            ?? ebookfb_archive_entry_pathname(entry).map { String(cString: $0) } ?? ""
        let isRegularFile = ebookfb_archive_entry_filetype(entry) == S_IFREG
        let size = ebookfb_archive_entry_size_is_set(entry) != 0 ? Int(ebookfb_archive_entry_size(entry)) : nil
        return Header(name: name, isRegularFile: isRegularFile, size: size,
                      storedOffset: isStoredAsIs(entry) ? Int(ebookfb_archive_filter_bytes(archive, 0)) : nil)
    }

    /// A tar member with no compression around the archive is its bytes
    /// in the file, right where libarchive stopped reading its header.
    private func isStoredAsIs(_ entry: OpaquePointer) -> Bool {
        ebookfb_archive_filter_count(archive) == 1 && ebookfb_archive_filter_code(archive, 0) == ARCHIVE_FILTER_NONE
            && ebookfb_archive_format(archive) & ARCHIVE_FORMAT_BASE_MASK == ARCHIVE_FORMAT_TAR
            && ebookfb_archive_entry_sparse_count(entry) == 0 && ebookfb_archive_entry_size_is_set(entry) != 0
    }

    /// The bytes of the member just reached, at most `count` of them;
    /// throws when it holds more than `limit`.
    func data(member: String, count: Int, limit: Int) throws(ComicError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while bytes.count < count {
            let got = chunk.withUnsafeMutableBytes { ebookfb_archive_read_data(archive, $0.baseAddress, $0.count) }
            if got == 0 { break }
            guard got > 0 else { throw .unreadableMember(path: path, member: member, reason: Self.message(archive)) }
            guard bytes.count + got <= limit else { throw .memberTooLarge(path: path, member: member, limit: limit) }
            bytes += chunk[0..<min(got, count - bytes.count)]
        }
        return bytes
    }

    private static func message(_ archive: OpaquePointer) -> String {
        ebookfb_archive_error_string(archive).map { String(cString: $0) } ?? "libarchive gave no reason"
    }
}

/// The bytes of a file from an offset on, in blocks, for libarchive's read callback.
private final class OffsetSource {
    private let file: FileDescriptor
    private var position: Int
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 16)

    init(file: FileDescriptor, offset: Int) {
        self.file = file
        position = offset
    }

    deinit { buffer.deallocate() }

    /// The next block: its length, 0 at the end of the file, -1 on an error.
    func next(_ block: UnsafeMutablePointer<UnsafeRawPointer?>) -> Int {
        do {
            let got = try file.read(into: buffer, atOffset: position)
            position += got
            block.pointee = UnsafeRawPointer(buffer.baseAddress)
            return got
        } catch {
            return -1
        }
    }
}
