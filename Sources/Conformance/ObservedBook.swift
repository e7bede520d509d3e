import BookModel
import EPUB
import Raster
import Reader
import Typesetting

/// What the reader shows of one page.
public struct ObservedPage: Sendable {
    /// The text lines as placed.
    public var lines: [String]
    /// Each line's left and right ink edges, in pixels from the page's left edge.
    public var extents: [ClosedRange<Double>]
    /// Images the page's layout places (what `paginate` counts).
    public var imagesPlaced: Int
    /// Images the painter decoded and drew on the page, by resource.
    public var imagesDrawn: [String]
    /// The book's embedded families the page's glyphs are set in, with how many glyphs.
    public var embeddedGlyphs: [String: Int]
    /// The fixed pages shown on the screen page, left to right.
    public var fixedPages: [ObservedFixedPage] = []
    /// Where its characters are set, and how its lines run.
    public var placed = PlacedText()
    public var writingMode = WritingMode.horizontalTB
}

/// A fixed page as the screen shows it.
public struct ObservedFixedPage: Sendable {
    /// The document section it is.
    public var section: Int
    public var page: FixedPage
    /// Where it is drawn on the screen page, in pixels.
    public var x: Int, y: Int, width: Int, height: Int
    /// The text it carries.
    public var text: String
}

/// What the reader makes of a book: the error it refuses it with, or its
/// metadata, its pages as drawn, and its embedded fonts.
public struct ObservedBook: Sendable {
    public var path: String
    /// The one-line error, when the book is refused.
    public var error: String?
    public var file: OpenedEPUB?
    public var geometry: PageGeometry
    public var pages: [ObservedPage] = []
    /// Embedded fonts: family, obfuscation and whether FreeType loads the recovered bytes.
    public var fonts: [(family: String, obfuscation: String?, loaded: Bool)] = []

    /// The pages' text, lines joined by spaces.
    public var text: String { pages.flatMap(\.lines).joined(separator: " ") }

    /// Images drawn on all pages, by resource.
    public var imagesDrawn: [String] { pages.flatMap(\.imagesDrawn) }

    /// Glyphs set in each embedded family over all pages.
    public var embeddedGlyphs: [String: Int] {
        pages.reduce(into: [:]) { total, page in total.merge(page.embeddedGlyphs, uniquingKeysWith: +) }
    }

    public var book: Book? { file?.book }
}

/// Opens and paginates books as the `paginate` command does, keeping what
/// each page shows.
public enum ReaderObservation {
    /// The page the W3C tests are read on.
    public static let defaultSize = (width: 1280, height: 800)

    public static func observe(path: String, width: Int = defaultSize.width, height: Int = defaultSize.height,
                               fontSize: Int = 20) -> ObservedBook {
        let geometry = PageGeometry(width: width, height: height, fontSize: fontSize, lineSpacing: 1.4)
        var observed = ObservedBook(path: path, geometry: geometry)
        do {
            let file = try EPUBBook.open(path: path)
            observed.file = file
            observed.fonts = (file.book.document?.fonts ?? []).map { font in
                (font.family, font.obfuscation?.rawValue, EmbeddedFontCheck.loads(font, from: file.publication.resources))
            }
            let typesetter = try Typesetter(book: file.book, geometry: geometry, font: FontSet.resolve(path: nil))
            let pagination = typesetter.paginate(collectText: true)
            let cache = GlyphCache()
            for index in pagination.pages.indices {
                let layout = typesetter.layoutPage(index, of: pagination)
                var glyphs: [String: Int] = [:]
                for use in typesetter.embeddedFaces(drawnOn: layout) { glyphs[use.font.family, default: 0] += use.glyphs }
                observed.pages.append(ObservedPage(
                    lines: pagination.pageLines[index],
                    extents: layout.lineExtents.map { Double($0.lowerBound) / 64...Double($0.upperBound) / 64 },
                    imagesPlaced: layout.images.count,
                    imagesDrawn: layout.images.isEmpty && layout.fixedPages.isEmpty ? []
                        : paintedImages(layout, typesetter: typesetter, cache: cache),
                    embeddedGlyphs: glyphs,
                    fixedPages: fixedPages(of: layout, book: file.book), placed: layout.text,
                    writingMode: layout.writingMode))
            }
        } catch {
            observed.error = "\(error)"
        }
        return observed
    }

    /// The fixed pages a screen page shows, each with the section it is.
    private static func fixedPages(of layout: PageLayout, book: Book) -> [ObservedFixedPage] {
        guard let sections = book.document?.sections else { return [] }
        let near = sections.lastIndex { $0.paragraphs.lowerBound <= layout.entry.paragraph } ?? 0
        // A screen page shows its entry's section and, in a spread, the one after it.
        var unused = Array(near..<min(sections.count, near + max(1, layout.fixedPages.count)))
        return layout.fixedPages.map { placed in
            let match = unused.firstIndex { sections[$0].fixedPage == placed.page } ?? unused.indices.first
            let section = match.map { unused.remove(at: $0) } ?? near
            let text = sections[section].paragraphs.map { book.string(of: book.paragraphs[$0]) }.joined(separator: " ")
            return ObservedFixedPage(section: section, page: placed.page, x: placed.box.x, y: placed.box.y,
                                     width: placed.box.width, height: placed.box.height, text: text)
        }.sorted { $0.x < $1.x }
    }

    /// The images the painter draws when it paints the page as the reader does.
    private static func paintedImages(_ layout: PageLayout, typesetter: Typesetter, cache: GlyphCache) -> [String] {
        var buffer = PixelBuffer(width: typesetter.geometry.width, height: typesetter.geometry.height)
        let report = PagePainter(theme: .light).paintReporting(layout, fonts: typesetter.fonts, cache: cache, into: &buffer)
        return report.drawn.map(\.resource)
    }

    /// The key the reader keeps a book's reading position under.
    public static func stateKey(of book: Book) -> String { StateStore.contentHash(of: book.text.utf8) }
}
