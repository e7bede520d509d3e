import BookModel
import Geometry
import ImageDecoding
import Typesetting

extension Theme {
    /// Around fixed pages: darker than any paper, so a page's own white
    /// edge shows where it ends, as a photo viewer's black does.
    public var surround: UInt32 {
        let luma = (background >> 16 & 0xFF) * 3 + (background >> 8 & 0xFF) * 6 + (background & 0xFF)
        return luma < 640 ? 0x00_00_00 : 0x2B_2B_2B
    }
}

/// Fixed pages (PDF and comic pages, fixed-layout EPUB documents) drawn at
/// any scale: the surround around them, then each page's content for the
/// part of it inside the buffer only.
extension PagePainter {
    /// Draws the fixed pages of `page` magnified by `scale`, the page point
    /// (`originX`, `originY`) at the buffer's corner. Returns the pictures
    /// drawn and those that could not be.
    func drawFixedPages(of page: PageLayout, scale: Double, originX: Double, originY: Double,
                        into buffer: inout PixelBuffer, ink: inout InkRows) -> PictureReport {
        var report = PictureReport()
        let frames = page.fixedPages.map { placed -> PixelRect in
            let left = ((Double(placed.box.x) - originX) * scale).rounded()
            let top = ((Double(placed.box.y) - originY) * scale).rounded()
            let right = ((Double(placed.box.maxX) - originX) * scale).rounded()
            let bottom = ((Double(placed.box.maxY) - originY) * scale).rounded()
            return PixelRect(x: Int(left), y: Int(top), width: max(1, Int(right - left)), height: max(1, Int(bottom - top)))
        }
        fillSurround(around: frames, into: &buffer)
        ink = .all(rows: buffer.height)
        for (placed, frame) in zip(page.fixedPages, frames) {
            guard let visible = frame.intersection(buffer.bounds) else { continue }
            let region = PixelRect(x: visible.x - frame.x, y: visible.y - frame.y, width: visible.width, height: visible.height)
            let contentScale = Double(frame.width) / placed.page.width
            var drawn: DecodedImage?
            switch placed.page.content {
            case let .image(resource):
                if let resources = page.resources,
                   let bytes = try? resources.data(of: resource, limit: DocumentLimits.resourceBytes) {
                    drawn = try? ImageDecoder.decode(bytes, width: frame.width, height: frame.height, region: region)
                }
            case let .drawn(reference):
                if let pixels = reference.drawing.draw(x: region.x, y: region.y, width: region.width, height: region.height,
                                                       scale: contentScale),
                   pixels.count == region.width * region.height {
                    drawn = DecodedImage(width: region.width, height: region.height, pixels: pixels)
                }
            case .laidOut:
                if let content = placed.content {
                    // Drawn apart and copied in: what the page lays out beyond its box is cut off.
                    var clipped = PixelBuffer(width: visible.width, height: visible.height)
                    let pictures = drawLaidOut(content, scale: contentScale,
                                at: PixelRect(x: frame.x - visible.x, y: frame.y - visible.y, width: frame.width,
                                              height: frame.height),
                                resources: page.resources, into: &clipped)
                    buffer.copy(from: clipped, toX: visible.x, y: visible.y)
                    report.drawn.append(PlacedImage(resource: "", box: placed.box, alternative: []))
                    report.drawn += pictures.drawn
                    report.replaced += pictures.replaced
                    continue
                }
            }
            if let drawn {
                blendPixels(drawn, atX: visible.x, y: visible.y, into: &buffer)
                report.drawn.append(PlacedImage(resource: Self.name(of: placed.page), box: placed.box, alternative: []))
            } else {
                FrameOutline.draw(frame, color: theme.secondary, into: &buffer)
                report.replaced.append(PlacedImage(resource: Self.name(of: placed.page), box: placed.box, alternative: []))
            }
        }
        return report
    }

    private static func name(of page: FixedPage) -> String {
        if case let .image(resource) = page.content { return resource }
        return ""
    }

    /// The surround everywhere in the buffer but the pages' frames (rows
    /// outside every frame filled whole, the sides of the others), a band
    /// of rows crossed by the same frames at a time.
    private func fillSurround(around frames: [PixelRect], into buffer: inout PixelBuffer) {
        let colour = theme.surround
        let width = buffer.width, height = buffer.height
        // A frame may lie wholly beside the buffer (a tile of a zoomed page).
        let beside = frames.filter { $0.maxX > 0 && $0.x < width }
        let edges = Set([0, height] + beside.flatMap { [$0.y, $0.maxY] }.filter { (0...height).contains($0) }).sorted()
        for (top, bottom) in zip(edges, edges.dropFirst()) where top < bottom {
            let covered = beside.filter { $0.y <= top && top < $0.maxY }
                .map { max(0, $0.x)..<min(width, $0.maxX) }
                .sorted { $0.lowerBound < $1.lowerBound }
            var x = 0
            for span in covered where span.lowerBound < span.upperBound {
                if span.lowerBound > x {
                    buffer.fill(PixelRect(x: x, y: top, width: span.lowerBound - x, height: bottom - top), with: colour)
                }
                x = max(x, span.upperBound)
            }
            if x < width { buffer.fill(PixelRect(x: x, y: top, width: width - x, height: bottom - top), with: colour) }
        }
    }

    /// A laid-out page's glyphs and images at `scale` with its top-left at
    /// `frame`'s; returns the pictures drawn and those that could not be.
    private func drawLaidOut(_ content: FixedPageContent, scale: Double, at frame: PixelRect,
                             resources: DocumentResources?, into buffer: inout PixelBuffer) -> PictureReport {
        buffer.fill(theme.background)
        var report = PictureReport()
        for part in content.parts {
            guard let scaled = try? ScaledFontFaces(scale: scale) else { return report }
            let faces = part.fonts.faces
            let face: (Int) -> FontFace? = { faces.indices.contains($0) ? scaled.face(scaling: faces[$0]) : nil }
            var moved = part.layout
            let shiftX = Int32(frame.x * 64), shiftY = Int32(frame.y * 64)
            moved.glyphs = part.layout.glyphs.map { glyph in
                var placed = glyph
                placed.x = Int32((Double(glyph.x) * scale).rounded()) + shiftX
                placed.y = Int32((Double(glyph.y) * scale).rounded()) + shiftY
                return placed
            }
            var ink = InkRows.all(rows: buffer.height)
            // A glyph cache of its own: the face numbers are those of the part's own fonts.
            let glyphs = GlyphCache(byteBudget: 1 << 20)
            _ = paint(moved, footerFace: part.fonts.footer.id, face: face, cache: glyphs, into: &buffer, clearing: false,
                      ink: &ink)
            var pictures = part.layout
            pictures.glyphs = []
            pictures.resources = resources
            if pictures.hasPictures {
                let drawn = drawPictures(of: pictures, scale: scale, originX: -Double(frame.x) / scale,
                                 originY: -Double(frame.y) / scale, footerFace: part.fonts.footer.id, face: face,
                                 cache: glyphs, into: &buffer, ink: &ink)
                report.drawn += drawn.drawn
                report.replaced += drawn.replaced
            }
        }
        return report
    }
}
