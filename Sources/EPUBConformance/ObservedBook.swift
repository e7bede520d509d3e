import EPUB
import Reader
import Typesetting

/// What the reader shows of one page.
public struct ObservedPage: Sendable {
    /// The text lines as placed.
    public var lines: [String]
    /// Each line's left and right ink edges, in pixels from the page's left edge.
    public var extents: [ClosedRange<Double>]
    /// Images drawn on the page; nil while pages do not count them.
    public var images: Int?
}

/// What the reader makes of a book: the error it refuses it with, or its
/// metadata, its pages as drawn, and its embedded fonts.
public struct ObservedBook: Sendable {
    public var path: String
    /// The one-line error, when the book is refused.
    public var error: String?
    public var file: BookFile?
    public var geometry: PageGeometry
    public var pages: [ObservedPage] = []
    /// Embedded fonts: family, obfuscation and whether FreeType loads the recovered bytes.
    public var fonts: [(family: String, obfuscation: String?, loaded: Bool)] = []
    /// Embedded families the typesetter drew glyphs with; nil while it does not report them.
    public var embeddedFamiliesDrawn: Set<String>?

    /// The pages' text, lines joined by spaces.
    public var text: String { pages.flatMap(\.lines).joined(separator: " ") }

    /// Images drawn on all pages; nil when pages do not count them.
    public var imagesDrawn: Int? {
        pages.reduce(Optional(0)) { sum, page in sum.flatMap { total in page.images.map { total + $0 } } }
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
            let file = try BookFile.open(path: path)
            observed.file = file
            if let epub = file.epub {
                observed.fonts = (file.book.document?.fonts ?? []).map { font in
                    (font.family, font.obfuscation?.rawValue, EmbeddedFontCheck.loads(font, from: epub.resources))
                }
            }
            let typesetter = try Typesetter(book: file.book, geometry: geometry, font: FontSet.resolve(path: nil))
            let pagination = typesetter.paginate(collectText: true)
            for index in pagination.pages.indices {
                let layout = typesetter.layoutPage(index, of: pagination)
                observed.pages.append(ObservedPage(
                    lines: pagination.pageLines[index],
                    extents: layout.lineExtents.map { Double($0.lowerBound) / 64...Double($0.upperBound) / 64 },
                    images: nil))
            }
        } catch {
            observed.error = "\(error)"
        }
        return observed
    }

    /// The key the reader keeps a book's reading position under.
    public static func stateKey(of book: Book) -> String { StateStore.contentHash(of: book.text.utf8) }
}
