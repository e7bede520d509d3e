import BookModel
import ImageDecoding
import Raster

/// What the library shows of a book file before it is opened.
public struct LibraryBookInfo: Equatable, Sendable {
    public var title: String
    public var authors: [String]
    /// The book's own cover picture (an EPUB's), scaled into the cover's
    /// place; nil: a cover is drawn from the title and authors.
    public var coverImage: PixelBuffer?
    /// Why the book cannot be opened; nil when it can.
    public var problem: String?

    public init(title: String, authors: [String] = [], coverImage: PixelBuffer? = nil, problem: String? = nil) {
        self.title = title
        self.authors = authors
        self.coverImage = coverImage
        self.problem = problem
    }

    /// What a format described, its cover image decoded.
    public init(_ description: BookDescription) {
        self.init(title: description.title, authors: description.authors,
                  coverImage: description.coverImage.flatMap(Self.coverImage), problem: description.problem)
    }

    /// What a screen reader says for the book: title and authors, and why it cannot be opened.
    public var spokenLabel: String {
        var label = authors.isEmpty ? title : title + ", " + authors.joined(separator: ", ")
        if let problem { label += " (cannot be opened: \(problem))" }
        return label
    }

    /// The largest a cover is decoded (the library scales it into its
    /// place, which is smaller on any screen up to 15 inches at 4K).
    static let coverBounds = (width: 400, height: 600)

    /// The cover image decoded within `coverBounds` (never enlarged) and
    /// laid on white, as its transparent parts show on a page; nil when it
    /// cannot be decoded, so a cover is drawn from the title instead.
    static func coverImage(_ bytes: [UInt8]) -> PixelBuffer? {
        guard let info = try? ImageProbe.info(of: bytes), info.width > 0, info.height > 0 else { return nil }
        let scale = min(1, Double(coverBounds.width) / Double(info.width), Double(coverBounds.height) / Double(info.height))
        let width = max(1, Int((Double(info.width) * scale).rounded()))
        let height = max(1, Int((Double(info.height) * scale).rounded()))
        guard let image = try? ImageDecoder.decode(bytes, width: width, height: height),
              image.width > 0, image.height > 0 else { return nil }
        var cover = PixelBuffer(width: image.width, height: image.height)
        for y in 0..<image.height {
            for x in 0..<image.width {
                // Premultiplied: over white each channel gains what the alpha leaves.
                let pixel = image.pixels[y * image.width + x]
                let clear = 255 - pixel >> 24
                let red = min(255, (pixel >> 16 & 0xFF) + clear)
                let green = min(255, (pixel >> 8 & 0xFF) + clear)
                let blue = min(255, (pixel & 0xFF) + clear)
                cover[x, y] = red << 16 | green << 8 | blue
            }
        }
        return cover
    }
}
