import Foundation
import LinuxSystem
import Raster
import XCTest
@testable import Reader

/// The library's order, its progress from the state folder, and its cover cache.
final class LibraryShelfTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("ebook-fb-shelf-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: directory) }

    private func entry(_ name: String, readAt: Double? = nil) -> LibraryEntry {
        LibraryEntry(name: name, path: "/books/" + name, status: FileStatus(isRegularFile: true, size: 1, modified: 0),
                     reading: readAt.map { LibraryReading(offset: 5, characters: 10, readAt: $0) })
    }

    func testTheLastReadComeFirstThenTheOthersByName() {
        let sorted = LibraryShelf.sorted([entry("b.txt"), entry("old.txt", readAt: 100), entry("A.txt"),
                                          entry("new.txt", readAt: 200), entry("a.txt")])
        XCTAssertEqual(sorted.map(\.name), ["new.txt", "old.txt", "A.txt", "a.txt", "b.txt"])
    }

    func testSpokenLabelsSayTitleAuthorsAndWhyABookCannotBeOpened() {
        XCTAssertEqual(LibraryBookInfo(title: "Emma", authors: ["Jane Austen"]).spokenLabel, "Emma, Jane Austen")
        XCTAssertEqual(LibraryBookInfo(title: "Moby Dick", problem: "protected by DRM").spokenLabel,
                       "Moby Dick (cannot be opened: protected by DRM)")
    }

    func testProgressNeedsTheBooksLength() {
        XCTAssertEqual(LibraryReading(offset: 25, characters: 100, readAt: 0).progress, 0.25)
        XCTAssertEqual(LibraryReading(offset: 200, characters: 100, readAt: 0).progress, 1)
        XCTAssertNil(LibraryReading(offset: 25, characters: nil, readAt: 0).progress)
        let status = { (reading: LibraryReading?) in
            LibraryPainter.status(of: LibraryEntry(name: "a", path: "/a", status: FileStatus(isRegularFile: true, size: 1, modified: 0),
                                                   reading: reading), info: LibraryBookInfo(title: "A"))
        }
        XCTAssertEqual(status(nil), "New")
        XCTAssertEqual(status(LibraryReading(offset: 37, characters: 100, readAt: 0)), "37% read")
        XCTAssertEqual(status(LibraryReading(offset: 100, characters: 100, readAt: 0)), "Finished")
        XCTAssertEqual(status(LibraryReading(offset: 3, characters: nil, readAt: 0)), "Started")
    }

    /// Positions saved now carry the time and the book's length; a file from
    /// before the library still loads and goes by its modification time.
    func testReadingsComeFromTheStateFolderOldFilesToo() throws {
        let books = directory + "/books"
        try FileManager.default.createDirectory(atPath: books, withIntermediateDirectories: true)
        let store = StateStore(directory: directory + "/state", wallClock: { 1_700_000_000 })
        try store.save(ReadingState(book: "00000000000000aa", offset: 40, path: books + "/new.txt", characters: 160))
        guard case let .found(saved) = store.load(book: "00000000000000aa") else { return XCTFail("saved") }
        XCTAssertEqual(saved.readAt, 1_700_000_000)
        XCTAssertEqual(saved.characters, 160)

        let old = #"{"book": "00000000000000bb", "offset": 12, "path": "\#(books)/./old.txt", "version": 1}"#
        try Data(old.utf8).write(to: URL(fileURLWithPath: store.path(forBook: "00000000000000bb")))
        guard case let .found(loaded) = store.load(book: "00000000000000bb") else { return XCTFail("an old file loads") }
        XCTAssertNil(loaded.readAt)
        XCTAssertNil(loaded.characters)

        let readings = LibraryShelf.readings(in: store)
        let canonical = try XCTUnwrap(FileSystem.canonicalPath(books))
        XCTAssertEqual(readings[canonical + "/new.txt"], LibraryReading(offset: 40, characters: 160, readAt: 1_700_000_000))
        let oldReading = try XCTUnwrap(readings[canonical + "/old.txt"], "matched through its folder's real path")
        XCTAssertNil(oldReading.progress)
        XCTAssertGreaterThan(oldReading.readAt, 1_000_000_000, "the file's time stands in")
    }

    func testTheLatestStateOfAPathWins() throws {
        let store = StateStore(directory: directory + "/state", wallClock: { 100 })
        try store.save(ReadingState(book: "00000000000000aa", offset: 1, path: directory + "/a.txt", characters: 10))
        let later = StateStore(directory: directory + "/state", wallClock: { 200 })
        try later.save(ReadingState(book: "00000000000000ab", offset: 7, path: directory + "/a.txt", characters: 10))
        let canonical = try XCTUnwrap(FileSystem.canonicalPath(directory))
        XCTAssertEqual(LibraryShelf.readings(in: store)[canonical + "/a.txt"]?.offset, 7)
    }

    func testACoverComesBackFromTheCacheOnlyWhenWholeAndForItsKey() throws {
        let cache = CoverCache(directory: directory + "/covers")
        var cover = PixelBuffer(width: 6, height: 9, fill: 0x123456)
        cover[2, 3] = 0xABCDEF
        let info = LibraryBookInfo(title: "Emma", authors: ["Jane Austen"], problem: nil)
        XCTAssertNil(cache.load(key: "k1"))
        XCTAssertTrue(cache.save(key: "k1", info: info, cover: cover))
        let loaded = try XCTUnwrap(cache.load(key: "k1"))
        XCTAssertEqual(loaded.info, info)
        XCTAssertEqual(loaded.cover, cover)

        let broken = LibraryBookInfo(title: "x", problem: "a PNG image, not text")
        XCTAssertTrue(cache.save(key: "k2", info: broken, cover: cover))
        XCTAssertEqual(cache.load(key: "k2")?.info, broken)

        // A torn or damaged file is a miss, never a wrong cover.
        let path = cache.filePath(forKey: "k1")
        var bytes = try XCTUnwrap(FileManager.default.contents(atPath: path))
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: path))
        XCTAssertNil(cache.load(key: "k1"))
        try bytes.prefix(40).write(to: URL(fileURLWithPath: path))
        XCTAssertNil(cache.load(key: "k1"))
        XCTAssertNil(CoverCache.decode(CoverCache.encode(key: "k1", info: info, cover: cover), key: "k9"), "another key's")
        XCTAssertFalse(CoverCache(directory: "/proc/ebook-fb-covers").save(key: "k", info: info, cover: cover))
    }

    func testTheCacheKeyFollowsTheFile() {
        let status = FileStatus(isRegularFile: true, size: 10, modified: 5, inode: 7)
        var touched = status
        touched.modified = 6
        let key = { (status: FileStatus) in
            CoverCache.key(path: "/b/a.txt", status: status, coverWidth: 88, coverHeight: 132, font: "/f.ttf", formatVersion: 1)
        }
        XCTAssertNotEqual(key(status), key(touched))
        XCTAssertEqual(key(status), key(status))
    }
}
