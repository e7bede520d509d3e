import BookModel
import Geometry
import ImageDecoding
import Typesetting

extension PageLayout {
    /// The page has images or rules besides its glyphs.
    var hasPictures: Bool { !images.isEmpty || !rules.isEmpty || !underlines.isEmpty || !fixedPages.isEmpty }
}

/// What became of a page's images when it was painted.
public struct PictureReport: Sendable, Equatable {
    /// Decoded and laid over the page.
    public var drawn: [PlacedImage] = []
    /// Not decoded: a frame and the alternative text stand in for them.
    public var replaced: [PlacedImage] = []
    /// Glyphs that could not be rendered.
    public var glyphFailures = 0

    public init() {}
}

/// A structured book's rules and images on a page: each image decoded at
/// the size it is drawn (only the part inside the buffer) and laid over
/// the page, its alternative text in a frame when it cannot be decoded.
extension PagePainter {
    /// Draws at `scale` with the page point (`originX`, `originY`) at the
    /// buffer's corner; adds the rows drawn to `ink`. Reports the images
    /// drawn and replaced (those outside the buffer are neither), and the
    /// glyphs of alternative texts that could not be drawn.
    func drawPictures(of page: PageLayout, scale: Double, originX: Double, originY: Double, footerFace: Int,
                      face: (Int) -> FontFace?, cache: GlyphCache, into buffer: inout PixelBuffer,
                      ink: inout InkRows) -> PictureReport {
        func placed(_ box: PixelRect) -> PixelRect {
            let left = ((Double(box.x) - originX) * scale).rounded(), top = ((Double(box.y) - originY) * scale).rounded()
            let right = ((Double(box.maxX) - originX) * scale).rounded(), bottom = ((Double(box.maxY) - originY) * scale).rounded()
            return PixelRect(x: Int(left), y: Int(top), width: max(1, Int(right - left)), height: max(1, Int(bottom - top)))
        }
        var report = PictureReport()
        if !page.fixedPages.isEmpty {
            report = drawFixedPages(of: page, scale: scale, originX: originX, originY: originY, into: &buffer, ink: &ink)
        }
        for (boxes, colour) in [(page.rules, theme.ink), (page.underlines, theme.secondary)] {
            for box in boxes {
                guard let visible = placed(box).intersection(buffer.bounds) else { continue }
                buffer.fill(visible, with: colour)
                ink.insert(visible.y..<visible.maxY)
            }
        }
        for image in page.images {
            let frame = placed(image.box)
            guard let visible = frame.intersection(buffer.bounds) else { continue }
            let region = PixelRect(x: visible.x - frame.x, y: visible.y - frame.y, width: visible.width, height: visible.height)
            if let pixels = Self.decode(image, from: page.resources, width: frame.width, height: frame.height, region: region) {
                blendPixels(pixels, atX: visible.x, y: visible.y, into: &buffer)
                report.drawn.append(image)
            } else {
                report.replaced.append(image)
                FrameOutline.draw(frame, color: theme.secondary, into: &buffer)
                let shiftX = Int32((originX * scale * 64).rounded()), shiftY = Int32((originY * scale * 64).rounded())
                let alternative = PageLayout(interfaceGlyphs: image.alternative.map { glyph in
                    var moved = glyph
                    moved.x = Int32((Double(glyph.x) * scale).rounded()) - shiftX
                    moved.y = Int32((Double(glyph.y) * scale).rounded()) - shiftY
                    return moved
                })
                var scratch = ink
                report.glyphFailures += paint(alternative, footerFace: footerFace, face: face, cache: cache, into: &buffer,
                                              clearing: false, ink: &scratch)
            }
            ink.insert(visible.y..<visible.maxY)
        }
        return report
    }

    /// The image's pixels for `region` of it drawn at `width` x `height`;
    /// nil when it cannot be read or decoded.
    private static func decode(_ image: PlacedImage, from resources: DocumentResources?, width: Int, height: Int,
                               region: PixelRect) -> DecodedImage? {
        guard let resources, let bytes = try? resources.data(of: image.resource, limit: DocumentLimits.resourceBytes) else {
            return nil
        }
        return try? ImageDecoder.decode(bytes, width: width, height: height, region: region)
    }

    /// Lays premultiplied pixels over the buffer with their top-left at (`x`, `y`).
    func blendPixels(_ image: DecodedImage, atX x: Int, y: Int, into buffer: inout PixelBuffer) {
        let width = buffer.width, height = buffer.height, stride = buffer.stride
        // The image's columns and rows inside the buffer.
        let columns = max(0, -x)..<max(max(0, -x), min(image.width, width - x))
        let rows = max(0, -y)..<max(max(0, -y), min(image.height, height - y))
        guard !columns.isEmpty, !rows.isEmpty else { return }
        buffer.withUnsafeMutablePixels { pixels in
            image.pixels.withUnsafeBufferPointer { source in
                for row in rows {
                    let over = UnsafeBufferPointer(rebasing: source[row * image.width + columns.lowerBound
                                                                    ..< row * image.width + columns.upperBound])
                    let under = UnsafeMutableBufferPointer(rebasing: pixels[(y + row) * stride + x + columns.lowerBound
                                                                            ..< (y + row) * stride + x + columns.upperBound])
                    Self.blendRow(over, into: under)
                }
            }
        }
    }

    /// One row of premultiplied pixels over `under`: a row all opaque (a
    /// drawn page's, a photograph's) is copied, with no test per pixel.
    private static func blendRow(_ over: UnsafeBufferPointer<UInt32>, into under: UnsafeMutableBufferPointer<UInt32>) {
        var opaque: UInt32 = 0xFF00_0000
        for pixel in over { opaque &= pixel }
        if opaque == 0xFF00_0000 {
            for index in over.indices { under[index] = over[index] & 0xFF_FFFF }
            return
        }
        for index in over.indices {
            let over = over[index]
            let alpha = over >> 24
            if alpha == 0 { continue }
            if alpha == 255 {
                under[index] = over & 0xFF_FFFF
                continue
            }
            let below = under[index], keep = 255 - alpha
            let red = (over >> 16 & 0xFF) + (below >> 16 & 0xFF) * keep / 255
            let green = (over >> 8 & 0xFF) + (below >> 8 & 0xFF) * keep / 255
            let blue = (over & 0xFF) + (below & 0xFF) * keep / 255
            under[index] = min(255, red) << 16 | min(255, green) << 8 | min(255, blue)
        }
    }
}

/// A one-pixel frame, for an image whose alternative text stands in for it.
enum FrameOutline {
    static func draw(_ rect: PixelRect, color: UInt32, into buffer: inout PixelBuffer) {
        buffer.fill(PixelRect(x: rect.x, y: rect.y, width: rect.width, height: 1), with: color)
        buffer.fill(PixelRect(x: rect.x, y: rect.maxY - 1, width: rect.width, height: 1), with: color)
        buffer.fill(PixelRect(x: rect.x, y: rect.y, width: 1, height: rect.height), with: color)
        buffer.fill(PixelRect(x: rect.maxX - 1, y: rect.y, width: 1, height: rect.height), with: color)
    }
}
