import BookModel
import PlainText
import XCTest
import TestSupport
@testable import Typesetting

/// The typesetter on structured books built through `DocumentBuilder`:
/// sections as page starts, block kinds and styles, styled runs in their
/// own faces, images placed from their headers, links on the page.
final class DocumentLayoutTests: XCTestCase {
    private static let font = FontFile(path: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")
    private let geometry = PageGeometry(width: 800, height: 600)

    private func typesetter(_ book: Book, geometry: PageGeometry? = nil) throws -> Typesetter {
        try Typesetter(book: book, geometry: geometry ?? self.geometry, font: Self.font)
    }

    private func pageText(_ pagination: Pagination) -> [String] { pagination.pageLines.map { $0.joined(separator: "\n") } }

    func testSectionsStartPagesAndLinksOnlySectionsAreNotPaged() throws {
        let book = DocumentFixtures.styledChapters()
        let setter = try typesetter(book)
        let pagination = setter.paginate(collectText: true)
        let text = pageText(pagination)
        XCTAssertEqual(pagination.pages.count, 2, "one page a chapter: \(text)")
        XCTAssertTrue(text[0].hasPrefix("Chapter One"))
        XCTAssertTrue(text[1].hasPrefix("Chapter Two"))
        XCTAssertFalse(text.joined().contains("Airstrip"), "the notes, reached by links only, are on no page")
        // The pages tile the whole book: the first chapter's page runs over the notes.
        XCTAssertEqual(pagination.pages[0].start, 0)
        XCTAssertEqual(pagination.pages[0].end, pagination.pages[1].start)
        XCTAssertEqual(pagination.pages[1].start, book.document?.anchors["ch2.xhtml"])
        XCTAssertEqual(pagination.pages[1].end, book.text.scalarCount)
        let segments = ChapterSegments(book: book)
        XCTAssertEqual(segments.count, 2)
        // Segments paginated on their own give the same pages.
        let pieces = (0..<segments.count).flatMap { setter.paginate(segment: $0, of: segments).pages }
        XCTAssertEqual(pieces, pagination.pages)
        // A place in the notes opens on the page before them.
        let note = try XCTUnwrap(book.document?.anchors["note1"])
        XCTAssertEqual(pagination.pageIndex(containing: note), 0)
    }

    func testABookOpeningWithAPartNoPageShowsStartsItsFirstPageAfterIt() throws {
        var builder = DocumentBuilder()
        builder.beginSection(name: "cover.xhtml", isLinear: false)
        builder.append(.paragraph, style: DocumentFixtures.body, text: "The cover, reached by links only.")
        builder.beginSection(name: "text.xhtml")
        builder.append(.paragraph, style: DocumentFixtures.body, text: "The first page's text.")
        let book = builder.build(metadata: BookMetadata(language: "en"), contents: [], format: .epub)
        let setter = try typesetter(book)
        let whole = setter.paginate(collectText: true)
        XCTAssertEqual(whole.pageLines, [["The first page's text."]])
        XCTAssertEqual(whole.pages[0].start, 0, "the first page still starts the book's offsets")
        XCTAssertEqual(setter.layoutPage(0, of: whole).lines, ["The first page's text."])
        let segments = ChapterSegments(book: book)
        XCTAssertEqual(setter.paginate(segment: 0, of: segments).pages, whole.pages)
        XCTAssertTrue(book.isOffPages(3))
        XCTAssertFalse(book.isOffPages(try XCTUnwrap(book.document?.anchors["text.xhtml"])))
    }

    func testHeadingsAreLargerAndStylesUseTheFamilysOwnFaces() throws {
        let book = DocumentFixtures.styledChapters()
        let setter = try typesetter(book)
        let pagination = setter.paginate()
        let page = setter.layoutPage(0, of: pagination)
        let faces = setter.fonts.faces
        let sizes = Set(page.glyphs.map { faces[$0.face].pixelSize })
        XCTAssertTrue(sizes.contains(32), "h1 at 1.6 x 20 px: \(sizes.sorted())")
        XCTAssertTrue(sizes.contains(20))
        let files = Set(page.glyphs.map { faces[$0.face].file.path.split(separator: "/").last.map(String.init) ?? "" })
        XCTAssertTrue(files.contains("DejaVuSerif-Italic.ttf"), "\(files)")
        XCTAssertTrue(files.contains("DejaVuSerif-Bold.ttf"), "\(files)")
        XCTAssertFalse(page.glyphs.contains { faces[$0.face].synthesisedSlant || faces[$0.face].emboldening > 0 },
                       "DejaVu's own italic and bold are installed: nothing is made up")
        // Small capitals: capitals of a smaller face; the superscript rises.
        XCTAssertTrue(sizes.contains(16), "small capitals at 0.8: \(sizes.sorted())")
        XCTAssertTrue(sizes.contains(14), "a superscript at 0.7: \(sizes.sorted())")
        let pageText = page.lines.joined(separator: "\n")
        XCTAssertTrue(pageText.contains("Winston Smith"), "the text as the book has it: \(pageText)")
        // The footer's face is painted in the quieter colour: no text of the page shares it.
        let footerTop = setter.geometry.height - setter.geometry.marginBottom
        XCTAssertTrue(page.glyphs.filter { $0.face == setter.fonts.footer.id }.allSatisfy { Int($0.y) / 64 > footerTop })
    }

    func testSuperscriptSitsAboveTheBaselineAndLinksAreOnThePage() throws {
        let book = DocumentFixtures.styledChapters()
        let setter = try typesetter(book)
        let pagination = setter.paginate()
        let page = setter.layoutPage(0, of: pagination)
        let note = try XCTUnwrap(page.links.first { $0.isNoteReference })
        XCTAssertEqual(note.target, book.document?.anchors["note1"])
        let chapter = try XCTUnwrap(page.links.first { !$0.isNoteReference })
        XCTAssertEqual(chapter.target, book.document?.anchors["ch2.xhtml"])
        XCTAssertGreaterThan(chapter.box.width, note.box.width * 5, "\"the second chapter\" is wider than \"1\"")
        XCTAssertEqual(page.underlines.map(\.x), [chapter.box.x], "the link is underlined, the note's number not")
        XCTAssertEqual(page.underlines.first?.width, chapter.box.width)
        // The glyph inside the note's box is a superscript: above its line's baseline.
        let faces = setter.fonts.faces
        let superscript = try XCTUnwrap(page.glyphs.first { faces[$0.face].pixelSize == 14 })
        let neighbours = page.glyphs.filter { abs(Int($0.y) - Int(superscript.y)) < 20 * 64 && faces[$0.face].pixelSize == 20 }
        let baseline = try XCTUnwrap(neighbours.map(\.y).max())
        XCTAssertLessThan(superscript.y, baseline - 4 * 64)
        XCTAssertTrue(note.box.contains(x: Double(superscript.x) / 64 + 2, y: Double(superscript.y) / 64 - 4))
    }

    func testQuoteIsIndentedAndListMarkersHangBeforeTheText() throws {
        let book = DocumentFixtures.styledChapters()
        let setter = try typesetter(book)
        let pagination = setter.paginate(collectText: true)
        let page = setter.layoutPage(0, of: pagination)
        let left = setter.geometry.marginLeft * 64
        let quoteLine = try XCTUnwrap(page.lines.firstIndex { $0.hasPrefix("Who controls") })
        XCTAssertEqual(Int(page.lineExtents[quoteLine].lowerBound), left + 40 * 64, "two ems in")
        XCTAssertLessThanOrEqual(Int(page.lineExtents[quoteLine].upperBound), left + Int(setter.geometry.measure) - 40 * 64 + 64)
        let itemLine = try XCTUnwrap(page.lines.firstIndex { $0.hasPrefix("1. War is peace") })
        XCTAssertEqual(Int(page.lineExtents[itemLine].lowerBound), left + 40 * 64)
        // On the lines that start two ems in (the quote's and the items'), only the markers
        // "1.", "2." and "3." lie before the indent.
        let indented = Set(page.glyphs.filter { Int($0.x) == left + 40 * 64 }.map(\.y))
        let markerGlyphs = page.glyphs.filter { indented.contains($0.y) && Int($0.x) < left + 40 * 64 }
        XCTAssertEqual(markerGlyphs.count, 6, "the markers are drawn before the items' text")
        XCTAssertEqual(Set(markerGlyphs.map(\.y)).count, 3, "one marker a line")
        XCTAssertTrue(pagination.pageLines[0].contains("1. War is peace."), "\(pagination.pageLines[0])")
        let centred = try XCTUnwrap(page.lines.firstIndex { $0 == "* * *" })
        let middle = (Int(page.lineExtents[centred].lowerBound) + Int(page.lineExtents[centred].upperBound)) / 2
        XCTAssertEqual(Double(middle), Double(left) + Double(setter.geometry.measure) / 2, accuracy: 64)
    }

    func testEndAlignmentPreformattedTextAndEmptyBlocks() throws {
        var builder = DocumentBuilder()
        builder.append(.paragraph, style: DocumentFixtures.style { $0.alignment = .end }, text: "To the right.")
        builder.append(.paragraph, style: DocumentFixtures.body, text: "")
        builder.append(.preformatted, style: DocumentFixtures.body, text: "line one\n    line  two")
        builder.append(.rule, style: DocumentFixtures.body, text: "")
        builder.append(.paragraph, style: DocumentFixtures.style { $0.breakBefore = true }, text: "")
        builder.append(.paragraph, style: DocumentFixtures.body, text: "On a page of its own.")
        let book = builder.build(metadata: BookMetadata(language: "en"), contents: [], format: .epub)
        let setter = try typesetter(book)
        let pagination = setter.paginate(collectText: true)
        XCTAssertEqual(pagination.pages.count, 2)
        XCTAssertEqual(pagination.pageLines[0], ["To the right.", "line one", "    line  two", ""])
        XCTAssertEqual(pagination.pageLines[1], ["On a page of its own."])
        let page = setter.layoutPage(0, of: pagination)
        let right = (setter.geometry.marginLeft * 64 + Int(setter.geometry.measure))
        XCTAssertEqual(Double(page.lineExtents[0].upperBound), Double(right), accuracy: 64)
        XCTAssertEqual(page.rules.count, 1)
        let monospace = setter.fonts.faces.contains { $0.file.path.contains("Mono") }
        XCTAssertTrue(monospace, "preformatted text is set in the monospace family")
    }

    func testEveryPageShowsExactlyTheLinesPaginationGaveIt() throws {
        var builder = DocumentBuilder()
        builder.beginSection(name: "a")
        builder.append(.heading(level: 1), style: DocumentFixtures.style { $0.relativeSize = 6; $0.spaceBefore = 20 },
                       text: "Enormous heading over lines")
        for index in 0..<30 {
            builder.append(index % 7 == 3 ? .quote : .paragraph,
                           style: DocumentFixtures.style { $0.spaceBefore = Double(index % 3) * 0.7; $0.breakBefore = index == 17 },
                           text: String(repeating: "Words of block \(index) run on. ", count: 1 + index % 9))
        }
        builder.beginSection(name: "b")
        builder.append(.image(DocumentImage(resource: "tall.png", alternative: "tall")), style: DocumentFixtures.body, text: "")
        builder.append(.image(DocumentImage(resource: "none.png", alternative: String(repeating: "An image lost. ", count: 60))),
                       style: DocumentFixtures.body, text: "")
        let resources = MemoryResources(["tall.png": DocumentFixtures.png(width: 40, height: 3000)])
        let book = builder.build(metadata: BookMetadata(language: "en"), contents: [], format: .epub, resources: resources)
        for (width, height) in [(400, 300), (800, 600), (1280, 800)] {
            let setter = try typesetter(book, geometry: PageGeometry(width: width, height: height))
            let pagination = setter.paginate(collectText: true)
            for index in pagination.pages.indices {
                let layout = setter.layoutPage(index, of: pagination)
                XCTAssertEqual(layout.lines, pagination.pageLines[index], "page \(index + 1) at \(width)x\(height)")
                for box in layout.images.map(\.box) {
                    XCTAssertLessThanOrEqual(box.maxY, height, "an image is never cut")
                }
            }
        }
    }

    func testHeadingIsKeptWithTheTextAfterIt() throws {
        var builder = DocumentBuilder()
        let filler = String(repeating: "A line of text that fills the page. ", count: 6)
        for _ in 0..<5 { builder.append(.paragraph, style: DocumentFixtures.body, text: filler) }
        builder.append(.heading(level: 2), style: DocumentFixtures.body, text: "A Heading")
        builder.append(.paragraph, style: DocumentFixtures.body, text: filler)
        let book = builder.build(metadata: BookMetadata(language: "en"), contents: [], format: .epub)
        for height in stride(from: 400, through: 700, by: 10) {
            let setter = try typesetter(book, geometry: PageGeometry(width: 800, height: height))
            let pagination = setter.paginate(collectText: true)
            for lines in pagination.pageLines {
                XCTAssertNotEqual(lines.last, "A Heading", "at \(height) px a heading ends a page")
            }
        }
    }

    func testImagesAreSizedFromTheirHeadersAndGoWholeToTheNextPage() throws {
        let (book, resources) = DocumentFixtures.illustrated(imageWidth: 300, imageHeight: 200)
        let setter = try typesetter(book)
        let pagination = setter.paginate(collectText: true)
        XCTAssertEqual(pagination.pages.map(\.images), [1])
        let page = setter.layoutPage(0, of: pagination)
        let image = try XCTUnwrap(page.images.first)
        // 300 CSS pixels at 20 px over 16: 375 x 250, centred.
        XCTAssertEqual(image.box.width, 375)
        XCTAssertEqual(image.box.height, 250)
        XCTAssertEqual(Double(image.box.x + image.box.width / 2), Double(setter.geometry.width) / 2, accuracy: 1)
        XCTAssertFalse(pagination.pageLines[0].joined().contains("\u{FFFC}"), "an image block has no text")
        XCTAssertEqual(resources.reads["images/plate.png"] ?? 0, 0, "pagination read the header only")

        // Too large for the page: scaled down, the aspect kept, never cut.
        let (large, _) = DocumentFixtures.illustrated(imageWidth: 3000, imageHeight: 4000)
        let big = try typesetter(large)
        let bigPages = big.paginate(collectText: true)
        let placed = try XCTUnwrap(bigPages.pages.indices.lazy.compactMap { big.layoutPage($0, of: bigPages).images.first }.first)
        XCTAssertLessThanOrEqual(placed.box.height, big.geometry.contentHeight)
        XCTAssertEqual(Double(placed.box.width) / Double(placed.box.height), 0.75, accuracy: 0.01)
        // It does not fit below the first paragraph: it starts the next page.
        XCTAssertEqual(bigPages.pages.map(\.images), [0, 1, 0])
    }

    func testAnImageThatCannotBeReadShowsItsAlternativeText() throws {
        let resources = MemoryResources(["bad.png": Array("not an image at all".utf8)])
        var builder = DocumentBuilder()
        builder.append(.image(DocumentImage(resource: "bad.png", alternative: "A map of the island")),
                       style: DocumentFixtures.body, text: "")
        builder.append(.image(DocumentImage(resource: "missing.png", alternative: "")), style: DocumentFixtures.body, text: "")
        builder.append(.paragraph, style: DocumentFixtures.body, text: "After.")
        let book = builder.build(metadata: BookMetadata(language: "en"), contents: [], format: .epub, resources: resources)
        let setter = try typesetter(book)
        let pagination = setter.paginate(collectText: true)
        XCTAssertEqual(pagination.pages.map(\.images), [0])
        XCTAssertEqual(pagination.pageLines[0], ["A map of the island", "", "After."].filter { !$0.isEmpty })
        let page = setter.layoutPage(0, of: pagination)
        XCTAssertTrue(page.lines.contains("A map of the island"))
    }

    func testImagePlacementRules() {
        // Own size at the reader's size over 16 px.
        XCTAssertEqual(size(natural: (160, 80)), Size(200, 100))
        // The size the book asks for, one side keeping the aspect.
        XCTAssertEqual(size(natural: (160, 80), asked: (80, nil)), Size(100, 50))
        XCTAssertEqual(size(natural: (160, 80), asked: (nil, 40)), Size(100, 50))
        // A fraction of the measure wins, enlarging too.
        XCTAssertEqual(size(natural: (160, 80), fraction: 0.5), Size(300, 150))
        // Wider than the measure: scaled to it; taller than the page: to that.
        XCTAssertEqual(size(natural: (1200, 600)), Size(600, 300))
        XCTAssertEqual(size(natural: (400, 4000)), Size(50, 500))
        // Never nothing.
        XCTAssertEqual(size(natural: (10000, 1)), Size(600, 1))
    }

    private struct Size: Equatable {
        var width: Int, height: Int
        init(_ width: Int, _ height: Int) { self.width = width; self.height = height }
    }

    private func size(natural: (Int, Int), asked: (Int?, Int?) = (nil, nil), fraction: Double? = nil) -> Size {
        let drawn = ImagePlacement.drawnSize(natural: natural, asked: asked, widthFraction: fraction, fontSize: 20,
                                             fitting: (600, 500))
        return Size(drawn.width, drawn.height)
    }

    func testEmbeddedFontsLoadAndLackingStylesAreMade() throws {
        let sansPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        let sans = try XCTUnwrap(FileManager.default.contents(atPath: sansPath))
        let resources = MemoryResources(["fonts/sans.ttf": [UInt8](sans), "fonts/broken.otf": [0, 1, 2, 3]])
        var builder = DocumentBuilder()
        builder.append(.paragraph, style: DocumentFixtures.style { $0.inline.family = "\"Book Sans\", serif" },
                       text: "Plain, bold and slanted.",
                       runs: [StyledRun(range: 7..<11, style: InlineStyle(family: "Book Sans", weight: .bold)),
                              StyledRun(range: 16..<23, style: InlineStyle(family: "Book Sans", slant: .italic))])
        let fonts = [EmbeddedFont(family: "Book Sans", resource: "fonts/sans.ttf"),
                     EmbeddedFont(family: "Broken", resource: "fonts/broken.otf", obfuscation: .idpf)]
        let book = builder.build(metadata: BookMetadata(language: "en"), contents: [], format: .epub, resources: resources,
                                 fonts: fonts)
        let status = try XCTUnwrap(book.document?.embeddedFontStatus())
        XCTAssertEqual(status.map(\.loaded), [true, false])
        let setter = try typesetter(book)
        let page = setter.layoutPage(0, of: setter.paginate())
        let used = page.glyphs.filter { $0.face != setter.fonts.footer.id }.map { setter.fonts.faces[$0.face] }
        XCTAssertTrue(used.allSatisfy { $0.file.path == "book:fonts/sans.ttf" }, "\(Set(used.map(\.file.path)))")
        XCTAssertTrue(used.contains { $0.emboldening > 0 }, "bold made from the only face")
        XCTAssertTrue(used.contains { $0.synthesisedSlant }, "italic made from the only face")
        XCTAssertEqual(page.entry.missingGlyphs, 0)
        // The page reports the book's fonts its glyphs are set in: every face made from Book Sans.
        let uses = setter.embeddedFaces(drawnOn: page)
        XCTAssertEqual(Set(uses.map(\.font.family)), ["Book Sans"])
        XCTAssertEqual(uses.count, 3, "regular, bold and slanted faces: \(uses)")
        XCTAssertEqual(uses.reduce(0) { $0 + $1.glyphs }, used.count)
    }

    /// The space after a run in another face (inline code in monospace) is
    /// the body's word space, not the wider space of the run before it.
    func testTheSpaceAfterInlineCodeIsTheBodysWordSpace() throws {
        var builder = DocumentBuilder()
        var style = BlockStyle()
        style.alignment = .start
        builder.append(.paragraph, style: style, text: "Use ls to list the files.",
                       runs: [StyledRun(range: 4..<6, style: InlineStyle(family: "monospace"))])
        let setter = try typesetter(builder.build(metadata: BookMetadata(language: "en"), contents: [], format: .epub))
        let glyphs = setter.layoutPage(0, of: setter.paginate()).glyphs
        let body = glyphs[0].face
        // "Use" is glyphs 0-2, the code "ls" 3-4 (a monospace face: each glyph as wide), "to" from 5.
        XCTAssertNotEqual(glyphs[3].face, body, "the code is set in a face of its own")
        XCTAssertEqual(glyphs[5].face, body)
        let codeAdvance = glyphs[4].x - glyphs[3].x
        let spaceAfterCode = glyphs[5].x - glyphs[4].x - codeAdvance
        let bodySpace = setter.fonts.faces[body].spaceAdvance
        XCTAssertLessThanOrEqual(abs(spaceAfterCode - bodySpace), 64, "a word space of the body, within a pixel")
    }

    func testAFontThatDoesNotLoadIsNeverReportedDrawn() throws {
        var builder = DocumentBuilder()
        builder.append(.paragraph, style: DocumentFixtures.style { $0.inline.family = "Broken" }, text: "Set in the reader's face.")
        let book = builder.build(metadata: BookMetadata(language: "en"), contents: [], format: .epub,
                                 resources: MemoryResources(["fonts/broken.otf": [0, 1, 2, 3]]),
                                 fonts: [EmbeddedFont(family: "Broken", resource: "fonts/broken.otf")])
        let setter = try typesetter(book)
        let page = setter.layoutPage(0, of: setter.paginate())
        XCTAssertFalse(page.glyphs.isEmpty)
        XCTAssertEqual(setter.embeddedFaces(drawnOn: page), [])
    }

    func testAWOFFFontIsSetAsItsOpenTypeOriginal() throws {
        let sansPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        let sans = [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: sansPath)))
        let woff = Self.woff(wrapping: sans)
        XCTAssertEqual(Array(woff.prefix(4)), Array("wOFF".utf8))
        func extents(_ bytes: [UInt8]) throws -> (ClosedRange<Int32>, Int, [EmbeddedFontStatus]) {
            var builder = DocumentBuilder()
            builder.append(.paragraph, style: DocumentFixtures.style { $0.inline.family = "Wrapped"; $0.alignment = .start },
                           text: "Wrapped in WOFF, set the same.")
            let book = builder.build(metadata: BookMetadata(language: "en"), contents: [], format: .epub,
                                     resources: MemoryResources(["font": bytes]),
                                     fonts: [EmbeddedFont(family: "Wrapped", resource: "font")])
            let setter = try typesetter(book)
            let page = setter.layoutPage(0, of: setter.paginate())
            return (page.lineExtents[0], page.entry.missingGlyphs, book.document?.embeddedFontStatus() ?? [])
        }
        let (original, _, _) = try extents(sans)
        let (wrapped, missing, status) = try extents(woff)
        XCTAssertEqual(status.map(\.loaded), [true])
        XCTAssertEqual(missing, 0)
        XCTAssertEqual(wrapped, original, "HarfBuzz reads the WOFF's tables through FreeType: the same advances")
    }

    /// A WOFF file of an OpenType font's tables, stored uncompressed (as WOFF allows).
    private static func woff(wrapping font: [UInt8]) -> [UInt8] {
        func read32(_ at: Int) -> UInt32 { font[at..<(at + 4)].reduce(0) { $0 << 8 | UInt32($1) } }
        func bytes32(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        func bytes16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        let count = Int(read32(4) >> 16)
        let tables = (0..<count).map { index -> (tag: UInt32, checksum: UInt32, offset: Int, length: Int) in
            let entry = 12 + 16 * index
            return (read32(entry), read32(entry + 4), Int(read32(entry + 8)), Int(read32(entry + 12)))
        }
        func padded(_ length: Int) -> Int { (length + 3) & ~3 }
        var offset = 44 + 20 * count
        var directory: [UInt8] = [], data: [UInt8] = []
        for table in tables {
            directory += bytes32(table.tag) + bytes32(UInt32(offset)) + bytes32(UInt32(table.length))
                + bytes32(UInt32(table.length)) + bytes32(table.checksum)
            data += font[table.offset..<(table.offset + table.length)]
            data += [UInt8](repeating: 0, count: padded(table.length) - table.length)
            offset += padded(table.length)
        }
        let sfntSize = 12 + 16 * count + tables.reduce(0) { $0 + padded($1.length) }
        var header = Array("wOFF".utf8) + bytes32(read32(0)) + bytes32(UInt32(offset)) + bytes16(count) + [0, 0]
        header += bytes32(UInt32(sfntSize)) + bytes16(1) + bytes16(0) + [UInt8](repeating: 0, count: 20)
        return header + directory + data
    }

    func testTextBooksPageTheWayMostOfTheirParagraphsRun() {
        let arabic = "في البدء كان الكلمة، والكلمة كان عند الله.\n\nوكان الكلمة الله.\n\nA line in English.\n"
        XCTAssertEqual(Book(text: decoded(arabic)).pageProgression, .rightToLeft)
        XCTAssertEqual(Book(text: decoded("In the beginning.\n\nAnd then.\n\nقال.\n")).pageProgression, .leftToRight)
        var builder = DocumentBuilder()
        builder.append(.paragraph, style: DocumentFixtures.body, text: "Left to right text in a book that says rtl.")
        let book = builder.build(metadata: BookMetadata(), contents: [], format: .epub, pageProgression: .rightToLeft)
        XCTAssertEqual(book.pageProgression, .rightToLeft, "a structured book says which way it pages")
    }

    private func decoded(_ text: String) -> DecodedText {
        let bytes = Array(text.utf8)
        return DecodedText(utf8: bytes, scalarCount: text.unicodeScalars.count, encoding: .utf8, encodingConfidence: 100,
                           encodingLanguage: nil, sourceByteCount: bytes.count, sourceBytesDecoded: bytes.count)
    }
}
