import BookModel
import XCTest
import TestSupport
@testable import Typesetting

/// Pictures floated beside the text: where they are placed, which lines
/// wrap beside them and by how much, `clear`, and a float that does not fit
/// in the rest of its page. At 800x600 and 20 px the column is 688 px wide
/// from x = 56, the text 500 px high from y = 36, lines 28 px apart.
final class FloatLayoutTests: XCTestCase {
    private static let font = FontFile(path: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")
    private let geometry = PageGeometry(width: 800, height: 600)
    private let words = String(repeating: "The river runs on past the green banks of the valley. ", count: 14)

    private func typesetter(_ book: Book, geometry: PageGeometry? = nil) throws -> Typesetter {
        try Typesetter(book: book, geometry: geometry ?? self.geometry, font: Self.font)
    }

    /// A picture 160 CSS pixels square (200 px at 20 px), floated with margins as the Cole sample's.
    private func floated(_ side: BlockStyle.Side, width: Int = 160, height: Int = 160) -> (DocumentImage, BlockStyle) {
        let image = DocumentImage(resource: "plate.png", alternative: "a plate", pixelWidth: width, pixelHeight: height)
        let style = DocumentFixtures.style {
            $0.float = BlockStyle.Floating(side: side, marginTop: 0.2, marginRight: side == .left ? 1 : 0, marginBottom: 0.9,
                                           marginLeft: side == .right ? 2 : 0)
        }
        return (image, style)
    }

    private func book(_ build: (inout DocumentBuilder) -> Void) -> Book {
        var builder = DocumentBuilder()
        builder.beginSection(name: "a.xhtml")
        build(&builder)
        let resources = MemoryResources(["plate.png": DocumentFixtures.png(width: 320, height: 320)])
        return builder.build(metadata: BookMetadata(language: "en"), contents: [], format: .epub, resources: resources)
    }

    /// The pages as pagination gave them are what page layout shows, and
    /// the book paginated by segments gives the same pages.
    private func assertConsistent(_ setter: Typesetter, file: StaticString = #filePath, line: UInt = #line) {
        let pagination = setter.paginate(collectText: true)
        for index in pagination.pages.indices {
            XCTAssertEqual(setter.layoutPage(index, of: pagination).lines, pagination.pageLines[index],
                           "page \(index + 1)", file: file, line: line)
        }
        let segments = ChapterSegments(book: setter.book)
        let pieces = (0..<segments.count).flatMap { setter.paginate(segment: $0, of: segments).pages }
        XCTAssertEqual(pieces, pagination.pages, file: file, line: line)
    }

    /// Line `index` of a page whose text runs from its top without space between blocks.
    private func rows(ofLine index: Int) -> Range<Int> {
        let top = geometry.marginTop + index * geometry.lineHeight
        return top..<(top + geometry.lineHeight)
    }

    func testLinesBesideARightFloatAreShorterAndLinesBelowItHaveTheWholeMeasure() throws {
        let (image, style) = floated(.right)
        let setter = try typesetter(book { builder in
            builder.append(.image(image), style: style, text: "")
            builder.append(.paragraph, style: DocumentFixtures.body, text: words)
        })
        let pagination = setter.paginate(collectText: true)
        XCTAssertEqual(pagination.pages.first?.floats, 1)
        XCTAssertEqual(pagination.pages.first?.images, 0, "a floated picture is no block image")
        let page = setter.layoutPage(0, of: pagination)
        let box = try XCTUnwrap(page.images.first).box
        // 200 px square against the column's right edge (744), 4 px (0.2 em) down.
        XCTAssertEqual([box.x, box.y, box.width, box.height], [544, 40, 200, 200])
        // The float's box with its margins reaches 18 px (0.9 em) below the
        // picture and 40 px (2 em) to its left.
        let bottom = box.maxY + 18, wrapEdge = Int32((box.x - 40) * 64)
        var beside = 0, below = 0
        for (index, extent) in page.lineExtents.enumerated() {
            let rows = rows(ofLine: index)
            if rows.lowerBound < bottom {
                beside += 1
                XCTAssertLessThanOrEqual(extent.upperBound, wrapEdge, "line \(index) ends before the float")
                if index > 0, index < page.lineExtents.count - 1 {
                    XCTAssertGreaterThan(extent.upperBound, wrapEdge - 64 * 8, "line \(index) is justified to the float's margin")
                }
            } else if index < page.lineExtents.count - 1 {
                below += 1
                XCTAssertEqual(Double(extent.upperBound) / 64, 744, accuracy: 1, "line \(index) has the whole measure")
                XCTAssertEqual(extent.lowerBound, 56 * 64)
            }
        }
        XCTAssertEqual(beside, 8, "lines starting above 222 px: 0, 28, ... 196")
        XCTAssertGreaterThan(below, 3)
        assertConsistent(setter)
    }

    func testLinesBesideALeftFloatStartAfterIt() throws {
        let (image, style) = floated(.left)
        let setter = try typesetter(book { builder in
            builder.append(.image(image), style: style, text: "")
            builder.append(.paragraph, style: DocumentFixtures.body, text: words)
        })
        let pagination = setter.paginate(collectText: true)
        let page = setter.layoutPage(0, of: pagination)
        let box = try XCTUnwrap(page.images.first).box
        XCTAssertEqual([box.x, box.y, box.width, box.height], [56, 40, 200, 200])
        let bottom = box.maxY + 18, wrapEdge = Int32((box.maxX + 20) * 64)
        for (index, extent) in page.lineExtents.enumerated() where index < page.lineExtents.count - 1 {
            if rows(ofLine: index).lowerBound < bottom {
                XCTAssertEqual(extent.lowerBound, wrapEdge, "line \(index) starts after the float and its 1 em margin")
                XCTAssertEqual(Double(extent.upperBound) / 64, 744, accuracy: 1)
            } else {
                XCTAssertEqual(extent.lowerBound, 56 * 64, "line \(index) starts at the column's edge again")
            }
        }
        assertConsistent(setter)
    }

    func testRightToLeftTextWrapsBesideFloatsOnEitherSide() throws {
        let hebrew = String(repeating: "בראשית ברא אלהים את השמים ואת הארץ והארץ היתה תהו ובהו וחשך על פני תהום. ", count: 12)
        for side in [BlockStyle.Side.right, .left] {
            let (image, style) = floated(side)
            let setter = try typesetter(book { builder in
                builder.append(.image(image), style: style, text: "")
                builder.append(.paragraph, style: DocumentFixtures.style { $0.direction = .rightToLeft }, text: hebrew)
            })
            let pagination = setter.paginate(collectText: true)
            let page = setter.layoutPage(0, of: pagination)
            let box = try XCTUnwrap(page.images.first).box
            let bottom = box.maxY + 18
            var beside = 0
            for (index, extent) in page.lineExtents.enumerated() where index < page.lineExtents.count - 1 {
                if rows(ofLine: index).lowerBound < bottom {
                    beside += 1
                    if side == .right {
                        // The lines start (on the right) before the float's 2 em margin.
                        XCTAssertEqual(extent.upperBound, Int32((box.x - 40) * 64), "\(side) line \(index)")
                        XCTAssertEqual(extent.lowerBound, 56 * 64)
                    } else {
                        XCTAssertEqual(extent.lowerBound, Int32((box.maxX + 20) * 64), "\(side) line \(index)")
                        XCTAssertEqual(Double(extent.upperBound) / 64, 744, accuracy: 1)
                    }
                } else {
                    XCTAssertEqual(extent.lowerBound, 56 * 64, "\(side) line \(index) has the whole measure")
                    XCTAssertEqual(Double(extent.upperBound) / 64, 744, accuracy: 1)
                }
            }
            XCTAssertEqual(beside, 8, "\(side)")
            assertConsistent(setter)
        }
    }

    func testAFloatTallerThanAParagraphWrapsTheBlocksAfterItToo() throws {
        let (image, style) = floated(.right, width: 160, height: 320)
        let short = "A short paragraph that runs over two or three lines of the narrowed column beside the picture."
        let setter = try typesetter(book { builder in
            builder.append(.image(image), style: style, text: "")
            builder.append(.paragraph, style: DocumentFixtures.body, text: short)
            builder.append(.paragraph, style: DocumentFixtures.body, text: short)
            builder.append(.heading(level: 3), style: DocumentFixtures.style { $0.relativeSize = 1 },
                           text: "A heading long enough to be wrapped beside the picture too")
            builder.append(.paragraph, style: DocumentFixtures.body, text: words)
        })
        let pagination = setter.paginate(collectText: true)
        let page = setter.layoutPage(0, of: pagination)
        let box = try XCTUnwrap(page.images.first).box
        XCTAssertEqual(box.height, 400)
        let bottom = box.maxY + 18, wrapEdge = Int32((box.x - 40) * 64)
        // Every block's lines that start above the float's bottom end before
        // it, the heading's too; lines are told apart by their baselines.
        var wrapped = Set<Int>(), full = Set<Int>()
        let baselines = Set(page.glyphs.map { Int($0.y) / 64 }).filter { $0 < geometry.height - geometry.marginBottom }
        for baseline in baselines {
            let right = page.glyphs.filter { Int($0.y) / 64 == baseline }.map(\.x).max() ?? 0
            // A line's top is within its height above its baseline.
            if baseline - 20 < bottom { if right < wrapEdge { wrapped.insert(baseline) } else { full.insert(baseline) } }
        }
        XCTAssertTrue(full.isEmpty, "no line beside the float reaches past it: \(full.sorted())")
        XCTAssertGreaterThan(wrapped.count, 10, "both paragraphs, the heading and the text after wrap")
        let headingLine = try XCTUnwrap(pagination.pageLines[0].firstIndex { $0.hasPrefix("A heading") })
        XCTAssertGreaterThan(headingLine, 3, "the heading comes after both paragraphs, beside the picture")
        XCTAssertNotEqual(pagination.pageLines[0][headingLine], "A heading long enough to be wrapped beside the picture too",
                          "the heading is cut into two lines beside the float")
        assertConsistent(setter)
    }

    func testClearBothSetsTheBlockBelowTheFloats() throws {
        let (image, style) = floated(.left)
        let (other, otherStyle) = floated(.right, width: 80, height: 240)
        let setter = try typesetter(book { builder in
            builder.append(.image(image), style: style, text: "")
            builder.append(.image(other), style: otherStyle, text: "")
            builder.append(.paragraph, style: DocumentFixtures.body, text: "Beside both pictures.")
            builder.append(.paragraph, style: DocumentFixtures.style { $0.clear = .both; $0.textIndent = 0 },
                           text: "Below both pictures.")
            builder.append(.paragraph, style: DocumentFixtures.style { $0.clear = .left }, text: "Below them still.")
        })
        let pagination = setter.paginate(collectText: true)
        XCTAssertEqual(pagination.pages.map(\.floats), [2])
        let page = setter.layoutPage(0, of: pagination)
        let boxes = page.images.map(\.box)
        XCTAssertEqual(boxes.count, 2)
        // The right one is 300 px high from y = 40; with its 18 px margin it ends at 358.
        let lowest = (boxes.map(\.maxY).max() ?? 0) + 18
        XCTAssertEqual(lowest, 358)
        let lines = page.lines
        XCTAssertEqual(lines, ["Beside both pictures.", "Below both pictures.", "Below them still."])
        let baselines = page.glyphs.map { Int($0.y) / 64 }
        let first = try XCTUnwrap(baselines.min())
        XCTAssertLessThan(first, 40 + 28, "the first paragraph is beside the pictures")
        let secondTop = try XCTUnwrap(baselines.filter { $0 > first }.min()) - 20
        XCTAssertGreaterThanOrEqual(secondTop, lowest - 8, "the cleared paragraph starts below both floats")
        let extents = page.lineExtents
        XCTAssertEqual(extents[1].lowerBound, 56 * 64, "below the floats a line starts at the column's edge")
        assertConsistent(setter)
    }

    func testAFloatThatDoesNotFitInTheRestOfThePageStartsTheNext() throws {
        let (image, style) = floated(.right)
        // About fourteen lines: less than a picture's height is left below them.
        let filler = String(repeating: "A line of text that fills the page. ", count: 26)
        let setter = try typesetter(book { builder in
            builder.append(.paragraph, style: DocumentFixtures.body, text: filler)
            builder.append(.image(image), style: style, text: "")
            builder.append(.paragraph, style: DocumentFixtures.body, text: words)
        })
        let pagination = setter.paginate(collectText: true)
        XCTAssertGreaterThanOrEqual(pagination.pages.count, 2)
        XCTAssertEqual(pagination.pages[0].floats, 0)
        XCTAssertEqual(pagination.pages[1].floats, 1)
        let floatStart = try XCTUnwrap(setter.book.document).blocks.indices.dropFirst().first.map {
            setter.book.paragraphs[$0].scalars.lowerBound
        }
        XCTAssertEqual(pagination.pages[1].start, floatStart, "the page before ends where the picture is")
        XCTAssertTrue(pagination.pageLines[0].joined(separator: " ").hasSuffix("fills the page."),
                      "the text before it stays where it is")
        let page = setter.layoutPage(1, of: pagination)
        XCTAssertEqual(page.images.first?.box.y, geometry.marginTop + 4, "at the top of the next page")
        XCTAssertTrue(setter.layoutPage(0, of: pagination).images.isEmpty)
        assertConsistent(setter)
    }

    func testPagesAreTheSameWholeOrFromTheMiddleWithFloatsEverywhere() throws {
        let setter = try typesetter(book { builder in
            for index in 0..<24 {
                if index % 3 == 0 {
                    let (image, style) = floated(index % 2 == 0 ? .right : .left, width: 120, height: 100 + index * 9)
                    builder.append(.image(image), style: style, text: "")
                }
                if index == 12 { builder.beginSection(name: "b.xhtml") }
                builder.append(index % 5 == 4 ? .heading(level: 2) : .paragraph,
                               style: DocumentFixtures.style { $0.spaceBefore = Double(index % 3) * 0.5 },
                               text: String(repeating: "Words of block \(index) run on beside pictures. ", count: 1 + index % 8))
            }
        })
        for (width, height) in [(400, 300), (800, 600), (1280, 800)] {
            let sized = try typesetter(setter.book, geometry: PageGeometry(width: width, height: height))
            let pagination = sized.paginate(collectText: true)
            XCTAssertEqual(pagination.pages.map(\.floats).reduce(0, +), 8, "every picture is on a page at \(width)x\(height)")
            assertConsistent(sized)
            // A page that starts inside a block set beside a float keeps its lines.
            for index in pagination.pages.indices where pagination.pages[index].wrap != nil {
                XCTAssertGreaterThan(pagination.pages[index].line, 0)
            }
        }
    }

    func testLineBreakingGivesEachLineItsOwnWidth() throws {
        let book = book { $0.append(.paragraph, style: DocumentFixtures.body, text: words) }
        let setter = try typesetter(book)
        let inset = LineWrap.Inset(left: 0, right: 300 * 64)
        let wrap = LineWrap(lines: Array(repeating: inset, count: 4))
        let plain = setter.layoutParagraph(0)
        let narrowed = setter.layoutParagraph(0, wrap: wrap)
        XCTAssertGreaterThan(narrowed.lines.count, plain.lines.count)
        for (index, line) in narrowed.lines.enumerated() {
            XCTAssertEqual(line.endIndent, index < 4 ? 300 * 64 : 0)
            let available = setter.geometry.measure - line.indent - line.endIndent
            XCTAssertLessThanOrEqual(line.naturalWidth, available + available / 10, "line \(index) fits its own width")
        }
        // Greedy breaking narrows the same lines.
        let shaped = plain.shaped
        let insets = [LineInset](repeating: LineInset(start: 0, end: 300 * 64), count: 4)
        let greedy = LineBreaker.lines(for: shaped, style: .body, measure: setter.geometry.measure, firstLineIndent: 0,
                                       hyphenWidth: 0, method: .greedy, insets: insets)
        for (index, line) in greedy.enumerated() {
            XCTAssertLessThanOrEqual(line.naturalWidth, setter.geometry.measure - (index < 4 ? 300 * 64 : 0))
        }
    }
}
