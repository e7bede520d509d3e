/// A page that is a picture of a fixed size: a PDF or comic page, a
/// fixed-layout EPUB spine item. It is a section of its own holding one
/// page; the reader fits it to the screen, centred, and draws it at any
/// scale (zoom draws it again sharper, in tiles).
public struct FixedPage: Sendable, Equatable {
    /// What is drawn on the page.
    public enum Content: Sendable, Equatable {
        /// An image of the book's resources, scaled to the page (a comic
        /// page, an EPUB spine item that is an image or an SVG document).
        case image(resource: String)
        /// Drawn by the format itself (a PDF page).
        case drawn(PageDrawingReference)
        /// The section's own blocks, laid out in the page's box at its
        /// natural size in CSS pixels (a fixed-layout XHTML document).
        case laidOut
    }

    /// The page's natural size: CSS pixels (EPUB), points (PDF) or the
    /// image's pixels (comics). Both at least 1.
    public var width: Double
    public var height: Double
    public var content: Content
    /// Which side of a spread the book puts the page on.
    public var side: PageSide
    /// Whether the page may share the screen with another in landscape
    /// (false: `rendition:spread none`, a PDF page, a comic image that is
    /// a two-page spread by itself).
    public var pairs: Bool
    /// Areas of the page that link elsewhere in the book.
    public var links: [FixedPageLink]

    public init(width: Double, height: Double, content: Content, side: PageSide = .auto, pairs: Bool = true,
                links: [FixedPageLink] = []) {
        self.width = max(1, width)
        self.height = max(1, height)
        self.content = content
        self.side = side
        self.pairs = pairs
        self.links = links
    }

    /// The page is wider than it is tall.
    public var isLandscape: Bool { width > height }

    /// The page's size in whole pixels scaled to fit `width` x `height`,
    /// its aspect kept: the size it is shown at on a screen of its own, and
    /// so the size a format may draw it at ahead of being asked.
    public func fitted(width areaWidth: Int, height areaHeight: Int) -> (width: Int, height: Int) {
        let scale = min(Double(areaWidth) / width, Double(areaHeight) / height)
        return (max(1, min(areaWidth, Int((width * scale).rounded()))),
                max(1, min(areaHeight, Int((height * scale).rounded()))))
    }
}

extension Book {
    /// Some of the book's pages are fixed pages (pictures that zoom further than text).
    public var hasFixedPages: Bool { document?.sections.contains { $0.fixedPage != nil } ?? false }
}

/// Which side of a two-page spread a page is placed on.
public enum PageSide: String, Sendable, Equatable {
    /// Wherever the pages before it leave it.
    case auto
    case left
    case right
    /// Alone, centred on the screen (`rendition:page-spread-center`).
    case centre
}

/// An area of a fixed page that links elsewhere in the book.
public struct FixedPageLink: Sendable, Equatable {
    /// In the page's natural units, from its top-left corner.
    public var x: Double, y: Double, width: Double, height: Double
    /// A section or anchor name given to the `DocumentBuilder`.
    public var target: String

    public init(x: Double, y: Double, width: Double, height: Double, target: String) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.target = target
    }
}

/// Draws a page the format renders itself (a PDF page through MuPDF).
/// Called from any thread; each call draws on its own.
public protocol PageDrawing: AnyObject, Sendable {
    /// Draws the part of the page at `scale` pixels per natural unit that
    /// starts `x`, `y` pixels from the scaled page's top-left and is
    /// `width` x `height` pixels: premultiplied 0xAARRGGBB, row by row, no
    /// padding. Nil when the page cannot be drawn (a damaged one).
    func draw(x: Int, y: Int, width: Int, height: Int, scale: Double) -> [UInt32]?
}

/// A `PageDrawing` compared by identity, so that pages stay `Equatable`.
public struct PageDrawingReference: Sendable, Equatable {
    public let drawing: any PageDrawing

    public init(_ drawing: any PageDrawing) { self.drawing = drawing }

    public static func == (lhs: PageDrawingReference, rhs: PageDrawingReference) -> Bool {
        lhs.drawing === rhs.drawing
    }
}
