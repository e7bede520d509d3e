import CSVGLoader
import Geometry

/// SVG drawn by librsvg at the size it is shown, only the part asked for.
/// A document is read from its bytes alone, with no base location, so
/// librsvg loads nothing beside it (only `data:` URLs inside it are
/// drawn); documents past `maximumBytes` are not read, and librsvg's own
/// limits bound how many elements and how deep a reference chain it takes.
enum SVGReader {
    /// An SVG document larger than this is refused.
    static let maximumBytes = 16 << 20

    /// A drawing's natural size is brought within this many pixels a
    /// side, its aspect kept: a vector drawing can be drawn at any size,
    /// and a viewBox in large units is not a picture past the image limits.
    static let largestNaturalSide = 4096.0

    static func size(of bytes: [UInt8]) throws(ImageError) -> (Int, Int) {
        guard let header = SVGHeader(bytes) else { throw .damaged("SVG without its <svg> element") }
        let scale = min(1, largestNaturalSide / max(header.width, header.height))
        return (max(1, Int((header.width * scale).rounded())), max(1, Int((header.height * scale).rounded())))
    }

    /// The document drawn into a `width` x `height` box (its aspect kept,
    /// as its `preserveAspectRatio` says), of which `target.region` is returned.
    static func decode(_ bytes: [UInt8], target: DecodeTarget) throws(ImageError) -> DecodedImage {
        guard bytes.count <= maximumBytes else { throw .unsupported("SVG document of \(bytes.count) bytes") }
        let region = target.region
        var pixels = [UInt32](repeating: 0, count: region.width * region.height)
        var message = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBufferPointer { data in
            pixels.withUnsafeMutableBufferPointer { output in
                ebookfb_svg_draw(data.baseAddress, data.count, Double(target.width), Double(target.height), Int32(region.x),
                                 Int32(region.y), Int32(region.width), Int32(region.height), output.baseAddress, &message,
                                 message.count)
            }
        }
        let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch Int(status) {
        case EBOOKFB_SVG_DRAWN:
            // Cairo's ARGB32 is premultiplied 0xAARRGGBB in native byte order, as DecodedImage is.
            return DecodedImage(width: region.width, height: region.height, pixels: pixels)
        case EBOOKFB_SVG_LIBRARY_MISSING:
            throw .unsupported("SVG without librsvg (Debian's librsvg2-2)")
        case EBOOKFB_SVG_TOO_LARGE:
            throw .tooLarge(width: region.width, height: region.height)
        default:
            throw .damaged(reason.isEmpty ? "librsvg could not draw the SVG" : reason)
        }
    }
}
