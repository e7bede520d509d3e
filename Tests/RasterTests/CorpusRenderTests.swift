import BookModel
import Foundation
import PlainText
import XCTest
import Raster
import Typesetting

/// Page 1 of every shared book renders without a failed glyph and shows ink.
final class CorpusRenderTests: XCTestCase {
    func testFirstPageOfEveryBookRenders() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("../shared/books").standardizedFileURL
        guard FileManager.default.fileExists(atPath: root.path) else { throw XCTSkip("../shared/books is not present") }
        let books = (FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "txt" } ?? []).sorted { $0.path < $1.path }
        XCTAssertGreaterThan(books.count, 5)
        let font = try FontLocator.file(forFamily: FontLocator.defaultFamily)
        let cache = GlyphCache()
        for url in books {
            let book = try Book.open(path: url.path)
            let typesetter = try Typesetter(book: book, geometry: PageGeometry(width: 800, height: 600), font: font)
            var paginator = typesetter.paginate()
            paginator.pages = Array(paginator.pages.prefix(2))
            var buffer = PixelBuffer(width: 800, height: 600)
            let theme = Theme.light
            let failures = PagePainter(theme: theme).paint(typesetter.layoutPage(0, of: paginator),
                                                           fonts: typesetter.fonts, cache: cache, into: &buffer)
            XCTAssertEqual(failures, 0, url.lastPathComponent)
            var inked = 0
            for y in 0..<buffer.height { for x in 0..<buffer.width where buffer[x, y] != theme.background { inked += 1 } }
            XCTAssertGreaterThan(inked, 200, "\(url.lastPathComponent): page 1 shows no text")
        }
    }
}
