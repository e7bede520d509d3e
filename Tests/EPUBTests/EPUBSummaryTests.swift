@testable import EPUB
import Foundation
import TestSupport
import XCTest

/// What the library reads of an EPUB: title, creators and the cover,
/// without the content documents.
final class EPUBSummaryTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "epub-summary-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// An EPUB whose package has `metadata` and `manifest` inside its
    /// elements, one spine document `c1.xhtml` (or none when `withChapter`
    /// is false: the spine then names a document the book lacks), and `files`.
    private func write(_ name: String, metadata: String, manifest: String = "", withChapter: Bool = true,
                       files: [EPUBArchiveWriter.Entry] = []) throws -> String {
        let package = """
            <?xml version="1.0" encoding="utf-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
            <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">urn:test:summary</dc:identifier>
            <dc:language>en</dc:language>\(metadata)</metadata>
            <manifest><item id="c1" href="c1.xhtml" media-type="application/xhtml+xml"/>\(manifest)</manifest>
            <spine><itemref idref="c1"/></spine></package>
            """
        var entries: [EPUBArchiveWriter.Entry] = [.init("mimetype", "application/epub+zip", method: .stored),
                                                   .init("META-INF/container.xml", EPUBArchiveWriter.container),
                                                   .init("OEBPS/content.opf", package)]
        if withChapter { entries.append(.init("OEBPS/c1.xhtml", EPUBArchiveWriter.xhtml("<p>Call me Ishmael.</p>"))) }
        let path = folder + "/" + name
        try EPUBArchiveWriter.write(entries + files, to: path)
        return path
    }

    func testTitleCreatorsAndTheCoverImageWithoutReadingTheChapters() throws {
        let cover = DocumentFixtures.png(width: 6, height: 9)
        let path = try write("moby.epub", metadata: """
            <dc:title>  Moby-Dick;
              or, The Whale </dc:title><dc:title>A Subtitle</dc:title>
            <dc:creator>Herman Melville</dc:creator><dc:creator>Rockwell Kent</dc:creator>
            """, manifest: #"<item id="pic" href="images/cover.png" media-type="image/png" properties="cover-image"/>"#,
            withChapter: false, files: [.init("OEBPS/images/cover.png", cover, method: .stored)])
        let summary = try EPUBSummary.read(path: path)
        XCTAssertEqual(summary.title, "Moby-Dick; or, The Whale", "the first title, its whitespace collapsed")
        XCTAssertEqual(summary.authors, ["Herman Melville", "Rockwell Kent"])
        XCTAssertEqual(summary.cover, cover)
        XCTAssertNil(summary.coverProblem)
    }

    func testAnEPUB2CoverMetaNamesTheCoverAndOnlyAnImageCounts() throws {
        let cover = DocumentFixtures.png(width: 4, height: 6)
        let path = try write("two.epub", metadata: #"<dc:title>Two</dc:title><meta name="cover" content="pic"/>"#,
                             manifest: #"<item id="pic" href="pic.png" media-type="image/png"/>"#,
                             files: [.init("OEBPS/pic.png", cover)])
        XCTAssertEqual(try EPUBSummary.read(path: path).cover, cover)
        let page = try write("page.epub", metadata: #"<dc:title>Page</dc:title><meta name="cover" content="c1"/>"#)
        XCTAssertNil(try EPUBSummary.read(path: page).cover, "a cover meta naming a document is no cover image")
    }

    func testWithoutANamedCoverAFirstPageThatIsOneImageIsTheCover() throws {
        let picture = DocumentFixtures.png(width: 4, height: 6)
        func book(_ name: String, firstPage: String) throws -> String {
            try write(name, metadata: "<dc:title>\(name)</dc:title>",
                      manifest: #"<item id="pic" href="pic.png" media-type="image/png"/>"#, withChapter: false,
                      files: [.init("OEBPS/c1.xhtml", EPUBArchiveWriter.xhtml(firstPage)), .init("OEBPS/pic.png", picture)])
        }
        let pictured = try book("pictured.epub", firstPage: #"<div><img src="pic.png" alt="Cover"/></div>"#)
        XCTAssertEqual(try EPUBSummary.read(path: pictured).cover, picture, "as `info` finds it")
        let prose = try book("prose.epub", firstPage: #"<p><img src="pic.png" alt=""/> Call me Ishmael. \#(String(repeating: "Some years ago, never mind how long precisely. ", count: 5))</p>"#)
        XCTAssertNil(try EPUBSummary.read(path: prose).cover, "a page of prose with a picture is no cover")
    }

    func testNoTitleNoCreatorsNoCover() throws {
        let summary = try EPUBSummary.read(path: try write("bare.epub", metadata: ""))
        XCTAssertEqual(summary, EPUBSummary(title: nil, authors: [], cover: nil, coverProblem: nil))
    }

    func testACoverMissingFromTheArchiveIsSaidAndTheRestKept() throws {
        let path = try write("lost.epub", metadata: "<dc:title>Lost</dc:title>",
                             manifest: #"<item id="pic" href="gone.png" media-type="image/png" properties="cover-image"/>"#)
        let summary = try EPUBSummary.read(path: path)
        XCTAssertEqual(summary.title, "Lost")
        XCTAssertNil(summary.cover)
        XCTAssertEqual(summary.coverProblem, "OEBPS/gone.png is not in the book")
    }

    func testABookThatCannotBeOpenedThrowsWhatOpeningItWould() throws {
        let drm = try write("drm.epub", metadata: "<dc:title>Locked</dc:title>",
                            files: [.init("META-INF/rights.xml", "<rights/>")])
        XCTAssertThrowsError(try EPUBSummary.read(path: drm)) { error in
            guard case .protected = error as? EPUBError else { return XCTFail("\(error)") }
        }
        let damaged = folder + "/damaged.epub"
        try Data("PK\u{3}\u{4} not really a zip archive".utf8).write(to: URL(fileURLWithPath: damaged))
        XCTAssertThrowsError(try EPUBSummary.read(path: damaged)) { error in
            guard case .damagedArchive = error as? EPUBError else { return XCTFail("\(error)") }
        }
    }
}
