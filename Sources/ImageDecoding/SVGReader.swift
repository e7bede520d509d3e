import CRsvg
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
        var error: UnsafeMutablePointer<GError>?
        let handle = bytes.withUnsafeBufferPointer { data in rsvg_handle_new_from_data(data.baseAddress, gsize(data.count), &error) }
        guard let handle else { throw .damaged(consume(error) ?? "librsvg could not read the SVG") }
        defer { g_object_unref(handle) }
        let region = target.region
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(region.width), Int32(region.height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw .tooLarge(width: region.width, height: region.height)
        }
        defer { cairo_surface_destroy(surface) }
        guard let context = cairo_create(surface) else { throw .damaged("cairo could not draw") }
        cairo_translate(context, -Double(region.x), -Double(region.y))
        var viewport = RsvgRectangle(x: 0, y: 0, width: Double(target.width), height: Double(target.height))
        let drawn = rsvg_handle_render_document(handle, context, &viewport, &error)
        cairo_destroy(context)
        guard drawn != 0 else { throw .damaged(consume(error) ?? "librsvg could not draw the SVG") }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { throw .damaged("cairo gave no pixels") }
        let stride = Int(cairo_image_surface_get_stride(surface))
        var pixels = [UInt32](repeating: 0, count: region.width * region.height)
        pixels.withUnsafeMutableBytes { output in
            guard let base = output.baseAddress else { return }
            for row in 0..<region.height {
                // Cairo's ARGB32 is premultiplied 0xAARRGGBB in native byte order, as DecodedImage is.
                (base + row * region.width * 4).copyMemory(from: data + row * stride, byteCount: region.width * 4)
            }
        }
        return DecodedImage(width: region.width, height: region.height, pixels: pixels)
    }

    /// A GError's message, freeing it.
    private static func consume(_ error: UnsafeMutablePointer<GError>?) -> String? {
        guard let error else { return nil }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) }
    }
}
