import CArchive
import Foundation
import TestSupport
import XCTest

/// Comics written for a test under a folder of its own in /tmp.
final class ComicFixtures {
    let folder: String

    init() throws {
        var template = Array("/tmp/comics-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw XCTSkip("cannot make a temporary folder") }
        folder = String(cString: made)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// A PNG page `width` x `height`, its colours told apart by `seed`.
    static func page(width: Int = 60, height: Int = 80, seed: UInt32 = 1) -> [UInt8] {
        DocumentFixtures.png(width: width, height: height, left: 0x102030 &* seed, right: 0xF0E0D0 ^ seed)
    }

    /// Writes an archive with libarchive: `format` as libarchive names it
    /// ("zip", "7zip", "ustar"), with `options` ("zip:compression=store")
    /// and gzip around it when asked.
    @discardableResult
    func archive(_ name: String, format: String, options: String? = nil, gzip: Bool = false,
                 members: [(String, [UInt8])]) throws -> String {
        let path = folder + "/" + name
        guard let archive = archive_write_new() else { throw XCTSkip("libarchive cannot write") }
        defer { archive_write_free(archive) }
        XCTAssertEqual(archive_write_set_format_by_name(archive, format), ARCHIVE_OK)
        if gzip { XCTAssertEqual(archive_write_add_filter_gzip(archive), ARCHIVE_OK) }
        if let options { XCTAssertEqual(archive_write_set_options(archive, options), ARCHIVE_OK) }
        XCTAssertEqual(archive_write_open_filename(archive, path), ARCHIVE_OK)
        for (member, bytes) in members {
            let entry = archive_entry_new()
            archive_entry_set_pathname(entry, member)
            archive_entry_set_size(entry, la_int64_t(bytes.count))
            archive_entry_set_filetype(entry, 0o100000) // a regular file (S_IFREG)
            archive_entry_set_perm(entry, 0o644)
            XCTAssertEqual(archive_write_header(archive, entry), ARCHIVE_OK)
            _ = bytes.withUnsafeBytes { archive_write_data(archive, $0.baseAddress, $0.count) }
            archive_entry_free(entry)
        }
        XCTAssertEqual(archive_write_close(archive), ARCHIVE_OK)
        return path
    }

    /// Writes files under a folder, making the folders on the way.
    @discardableResult
    func files(_ name: String, _ members: [(String, [UInt8])]) throws -> String {
        let root = folder + "/" + name
        for (member, bytes) in members {
            let path = root + "/" + member
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        }
        return root
    }

    /// Writes `bytes` as a file.
    @discardableResult
    func file(_ name: String, _ bytes: [UInt8]) -> String {
        let path = folder + "/" + name
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        return path
    }
}

/// Where the shared comics are, from the package's root.
enum SharedComics {
    static var root: String {
        var path = #filePath
        for _ in 0..<4 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path + "/shared/comics"
    }

    static func exists(_ path: String) -> Bool { access(path, R_OK) == 0 }
}
