import EPUB
import ImageDecoding
import Raster

/// EPUB books (`.epub`): the title and authors from the package's
/// metadata, and the book's own cover image, decoded at the size the
/// library draws it (never larger), kept whole within the cover's place
/// on a dark ground. Only the package and the cover are read, never the
/// spine (see `EPUBSummary`). A book without a cover image gets one drawn
/// from its title and authors, as a text book does.
public struct EPUBBookFormat: LibraryBookFormat {
    /// The ground around a cover image of another shape than the library's covers.
    static let ground: UInt32 = 0x2B2B2B

    public init() {}

    public func accepts(fileName: String) -> Bool { LibraryFileName.fileExtension(fileName) == "epub" }

    /// Covers are drawn at the library's size: this one reads none.
    public func info(path: String) -> LibraryBookInfo { info(path: path, coverWidth: 0, coverHeight: 0) }

    public func info(path: String, coverWidth: Int, coverHeight: Int) -> LibraryBookInfo {
        let fallback = LibraryFileName.title(ofPath: path)
        let summary: EPUBSummary
        do {
            summary = try EPUBSummary.read(path: path)
        } catch let error as EPUBError {
            return LibraryBookInfo(title: fallback, problem: error.reason)
        } catch {
            return LibraryBookInfo(title: fallback, problem: "\(error)")
        }
        let title = summary.title.flatMap { $0.isEmpty ? nil : $0 } ?? fallback
        let cover = summary.coverImage.flatMap { Self.cover(from: $0, width: coverWidth, height: coverHeight) }
        return LibraryBookInfo(title: title, authors: summary.authors.filter { !$0.isEmpty }, coverImage: cover)
    }

    /// Books read before EPUB could be opened were cached as unreadable.
    public var version: Int { 2 }

    /// The image `bytes` decoded to fit `width` x `height` with its shape
    /// kept, centred on the ground; nil when it cannot be decoded.
    static func cover(from bytes: [UInt8], width: Int, height: Int) -> PixelBuffer? {
        guard width > 0, height > 0, let info = try? ImageProbe.info(of: bytes), info.width > 0, info.height > 0 else {
            return nil
        }
        let scale = min(Double(width) / Double(info.width), Double(height) / Double(info.height))
        let drawn = (width: max(1, min(width, Int((Double(info.width) * scale).rounded()))),
                     height: max(1, min(height, Int((Double(info.height) * scale).rounded()))))
        guard let image = try? ImageDecoder.decode(bytes, width: drawn.width, height: drawn.height) else { return nil }
        var cover = PixelBuffer(width: width, height: height, fill: ground)
        let left = (width - image.width) / 2, top = (height - image.height) / 2
        for row in 0..<image.height {
            for column in 0..<image.width {
                cover[left + column, top + row] = over(image.pixels[row * image.width + column], ground)
            }
        }
        return cover
    }

    /// A premultiplied pixel laid over an opaque one.
    private static func over(_ pixel: UInt32, _ under: UInt32) -> UInt32 {
        let alpha = pixel >> 24
        if alpha == 255 { return pixel & 0xFF_FFFF }
        let keep = 255 - alpha
        func channel(_ shift: UInt32) -> UInt32 {
            min(255, (pixel >> shift & 0xFF) + ((under >> shift & 0xFF) * keep + 127) / 255) << shift
        }
        return channel(16) | channel(8) | channel(0)
    }
}
