import BookModel
@testable import Comics
import XCTest

final class ComicBookTests: XCTestCase {
    private let pages: [(String, [UInt8])] = [
        ("story/page10.png", ComicFixtures.page(seed: 10)),
        ("story/page2.png", ComicFixtures.page(seed: 2)),
        ("notes.txt", Array("not a page".utf8)),
        ("story/page1.png", ComicFixtures.page(width: 160, height: 90, seed: 1)),
        ("__MACOSX/story/._page1.png", ComicFixtures.page(seed: 99)),
        (".thumbnails/page1.png", ComicFixtures.page(seed: 98)),
    ]

    private func assertComic(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws -> ComicBook {
        let comic = try ComicBook(path: path)
        XCTAssertEqual(comic.pageNames, ["story/page1.png", "story/page2.png", "story/page10.png"], file: file, line: line)
        for name in comic.pageNames {
            let expected = pages.first { $0.0 == name }?.1
            XCTAssertEqual(try comic.container.read(name, limit: 1 << 20), expected, name, file: file, line: line)
            XCTAssertEqual(try comic.resources?.prefix(of: name, count: 8), expected.map { Array($0.prefix(8)) }, file: file, line: line)
        }
        // Read again backwards: no read depends on the one before.
        for name in comic.pageNames.reversed() {
            XCTAssertEqual(try comic.container.read(name, limit: 1 << 20), pages.first { $0.0 == name }?.1, file: file, line: line)
        }
        return comic
    }

    private func locations(_ comic: ComicBook) -> [ComicContainer.Member.Location] {
        comic.container.members.filter { ComicBook.isPage($0.name) }.map(\.location)
    }

    func testStoredZipPagesAreReadStraightFromTheFile() throws {
        let fixtures = try ComicFixtures()
        let comic = try assertComic(fixtures.archive("a.cbz", format: "zip", options: "zip:compression=store", members: pages))
        XCTAssertTrue(locations(comic).allSatisfy { if case .zipStored = $0 { true } else { false } })
    }

    func testDeflatedZipPagesAreReadFromTheirLocalHeaders() throws {
        let fixtures = try ComicFixtures()
        let comic = try assertComic(fixtures.archive("a.cbz", format: "zip", options: "zip:compression=deflate", members: pages))
        XCTAssertTrue(locations(comic).allSatisfy { if case .zipCompressed = $0 { true } else { false } })
    }

    func testTarPagesAreReadWhereTheyLie() throws {
        let fixtures = try ComicFixtures()
        let comic = try assertComic(fixtures.archive("a.cbt", format: "ustar", members: pages))
        XCTAssertTrue(locations(comic).allSatisfy { if case .stored = $0 { true } else { false } })
    }

    func testCompressedTarAnd7zAreReadFromTheStart() throws {
        let fixtures = try ComicFixtures()
        for (name, format, gzip) in [("a.tgz", "ustar", true), ("a.cb7", "7zip", false)] {
            let comic = try assertComic(fixtures.archive(name, format: format, gzip: gzip, members: pages))
            XCTAssertTrue(locations(comic).allSatisfy { if case .sequential = $0 { true } else { false } }, name)
        }
    }

    func testFolderOfImages() throws {
        let fixtures = try ComicFixtures()
        let comic = try assertComic(fixtures.files("book", pages))
        XCTAssertEqual(comic.metadata.title, "book")
    }

    func testPagesAreFixedImagePagesAndALandscapeOneIsASpread() throws {
        let fixtures = try ComicFixtures()
        let info = "<ComicInfo><Title>Cats</Title><Writer>Ann</Writer><Manga>YesAndRightToLeft</Manga></ComicInfo>"
        let path = try fixtures.archive("a.cbz", format: "zip", members: pages + [("ComicInfo.xml", Array(info.utf8))])
        let book = try ComicBook(path: path).book()
        let fixed = book.document?.sections.compactMap(\.fixedPage) ?? []
        XCTAssertEqual(fixed.map(\.content), ["story/page1.png", "story/page2.png", "story/page10.png"].map { .image(resource: $0) })
        XCTAssertEqual(fixed.map(\.width), [160, 60, 60])
        XCTAssertEqual(fixed.map(\.height), [90, 80, 80])
        XCTAssertEqual(fixed.map(\.pairs), [false, true, true])
        XCTAssertEqual(book.document?.format, .comic)
        XCTAssertEqual(book.document?.pageProgression, .rightToLeft)
        XCTAssertEqual(book.metadata.title, "Cats")
        XCTAssertEqual(book.metadata.authors, ["Ann"])
        XCTAssertEqual(book.paragraphs.count, 3)
        XCTAssertEqual(String(decoding: book.text.utf8, as: UTF8.self), "\u{FFFC}\n\u{FFFC}\n\u{FFFC}")
    }

    func testWithoutImagesOrNotAnArchiveIsOneLineError() throws {
        let fixtures = try ComicFixtures()
        let textOnly = try fixtures.archive("text.cbz", format: "zip", members: [("a.txt", [0x41])])
        XCTAssertThrowsError(try ComicBook(path: textOnly)) { error in
            XCTAssertEqual(error as? ComicError, .noPages(path: textOnly))
            XCTAssertFalse("\(error)".contains("\n"))
        }
        let garbage = fixtures.file("garbage.cbr", Array(repeating: 0x5A, count: 3000))
        XCTAssertThrowsError(try ComicBook(path: garbage)) { error in
            guard case .damagedArchive(garbage, _)? = error as? ComicError else { return XCTFail("\(error)") }
        }
        let missing = fixtures.folder + "/missing.cbz"
        XCTAssertThrowsError(try ComicBook(path: missing)) { error in
            XCTAssertEqual("\(error)", "\(missing): cannot read the book: no such file")
        }
    }

    func testDamagedPageIsAnErrorOfThatPageOnly() throws {
        let fixtures = try ComicFixtures()
        let path = try fixtures.archive("a.cbz", format: "zip", options: "zip:compression=deflate", members: pages)
        var bytes = try XCTUnwrap(FileManager.default.contents(atPath: path)).map { $0 }
        let comic = try ComicBook(path: path)
        guard case let .zipCompressed(offset)? = comic.container.members.first(where: { $0.name == "story/page2.png" })?.location else {
            return XCTFail("not compressed")
        }
        for at in (offset + 60)..<(offset + 90) { bytes[at] = 0xFF }
        let damaged = fixtures.file("damaged.cbz", bytes)
        let reopened = try ComicBook(path: damaged)
        XCTAssertThrowsError(try reopened.container.read("story/page2.png", limit: 1 << 20))
        XCTAssertNoThrow(try reopened.container.read("story/page10.png", limit: 1 << 20))
        XCTAssertThrowsError(try reopened.container.read("story/page10.png", limit: 10)) { error in
            XCTAssertEqual(error as? ComicError, .memberTooLarge(path: damaged, member: "story/page10.png", limit: 10))
        }
    }
}

final class DamagedComicTests: XCTestCase {
    func testACutArchiveKeepsThePagesBeforeTheCut() throws {
        let fixtures = try ComicFixtures()
        let pages = (1...4).map { ("\($0).png", ComicFixtures.page(width: 300, height: 400, seed: UInt32($0))) }
        for (name, options) in [("a.cbz", "zip:compression=store"), ("a.cbt", nil)] {
            let path = try fixtures.archive(name, format: name.hasSuffix("cbz") ? "zip" : "ustar", options: options, members: pages)
            let bytes = try XCTUnwrap(FileManager.default.contents(atPath: path)).map { $0 }
            // Cut in the middle of the third page: the directory at the end is gone too.
            let cut = fixtures.file("cut-" + name, Array(bytes.prefix(bytes.count * 5 / 8)))
            let comic = try ComicBook(path: cut)
            XCTAssertEqual(Array(comic.pageNames.prefix(2)), ["1.png", "2.png"], name)
            XCTAssertEqual(try comic.container.read("2.png", limit: 1 << 20), pages[1].1, name)
        }
    }

    func testAHostileZipDirectoryIsNotTrusted() throws {
        // A directory record that claims more than the bytes hold, and one past the file.
        var record = [UInt8](repeating: 0, count: 46)
        record[0...3] = [0x50, 0x4B, 0x01, 0x02]
        record[28] = 0xFF
        XCTAssertNil(ZipDirectory.parse(record, count: 1, fileSize: 1000))
        record[28] = 0
        record[42...45] = [0xFF, 0xFF, 0xFF, 0x7F]
        XCTAssertNil(ZipDirectory.parse(record, count: 1, fileSize: 1000))
        XCTAssertNil(ZipDirectory.parse(Array(record.prefix(20)), count: 1, fileSize: 1000))
        XCTAssertEqual(ZipDirectory.parse([], count: 0, fileSize: 1000), [])
    }

    func testANameTheArchiveHoldsTwiceIsOnePage() throws {
        let fixtures = try ComicFixtures()
        let first = ComicFixtures.page(seed: 1), second = ComicFixtures.page(seed: 2)
        let path = try fixtures.archive("twice.cbz", format: "zip", members: [("1.png", first), ("2.png", second), ("1.png", second)])
        let comic = try ComicBook(path: path)
        XCTAssertEqual(comic.pageNames, ["1.png", "2.png"])
        XCTAssertEqual(try comic.container.read("1.png", limit: 1 << 20), first, "the first member of that name")
    }
}
