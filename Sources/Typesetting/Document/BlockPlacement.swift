import BookModel
import Geometry

/// Placing one line of a structured book's block on a page: text with its
/// list marker and links, or the block's picture (an image, its
/// alternative text, a rule).
extension Typesetter {
    func placeBlock(line: Int, of layout: ParagraphLayout, block: BlockExtras, top: Int, into page: inout PageLayout) {
        let box = layout.lines[line]
        let geometry = flowGeometry(forParagraph: layout.index)
        let left = geometry.marginLeft * 64
        switch block.picture {
        case let .image(image):
            let x = pictureX(box, width: Int32(image.width * 64), geometry: geometry) / 64
            let frame = PixelRect(x: x, y: top, width: image.width, height: image.height)
            page.images.append(placedImage(image, in: frame, on: page))
            recordPicture(frame, into: &page)
        case let .alternative(text):
            // Its lines are one line of the page, as pagination counts them.
            let first = page.lines.count
            for index in text.lines.indices {
                place(line: index, of: text, baseline: top + index * text.lineHeight + (text.block?.baselineOffset ?? 0),
                      into: &page)
            }
            let extents = page.lineExtents[first...]
            let extent = (extents.map(\.lowerBound).min() ?? 0)...(extents.map(\.upperBound).max() ?? 0)
            page.lines.replaceSubrange(first..., with: [layout.text(ofLine: line)])
            page.lineExtents.replaceSubrange(first..., with: [extent])
        case let .rule(width, thickness):
            let x = pictureX(box, width: width, geometry: geometry) / 64
            let rule = PixelRect(x: x, y: top + (layout.lineHeight - thickness) / 2, width: Int(width / 64), height: thickness)
            page.rules.append(rule)
            recordPicture(rule, into: &page)
        case nil:
            place(line: line, of: layout, baseline: top + block.baselineOffset, into: &page)
            if line == 0, let marker = block.marker {
                let rightToLeft = layout.shaped.isRightToLeft
                let startEdge = rightToLeft ? left + Int(geometry.measure - box.indent) : left + Int(box.indent)
                let x = rightToLeft ? startEdge + Int(marker.gap) : startEdge - Int(marker.gap + marker.width)
                placeMarker(marker, x: Int32(x), baseline: Int32((top + block.baselineOffset) * 64), into: &page)
            }
        }
    }

    /// Draws a floated picture against its side of the column, the top of
    /// its margin at `top`; it is no line of the page.
    func placeFloat(_ layout: ParagraphLayout, box: FloatBox, top: Int, into page: inout PageLayout) {
        guard case let .image(image)? = layout.block?.picture else { return }
        let geometry = flowGeometry(forParagraph: layout.index)
        let edge = Int(box.edge) / 64
        let x = box.side == .left ? geometry.marginLeft + edge + box.marginLeft
            : geometry.marginLeft + Int(geometry.measure) / 64 - edge - box.marginRight - image.width
        let frame = PixelRect(x: x, y: top + box.marginTop, width: image.width, height: image.height)
        var placed = placedImage(image, in: frame, on: page)
        // The alternative text was centred in the column: centre it in the picture's box.
        if let left = placed.alternative.map(\.x).min(), let right = placed.alternative.map(\.x).max() {
            let shift = Int32((frame.x + frame.maxX) * 32) - (left + right) / 2
            for index in placed.alternative.indices { placed.alternative[index].x += shift }
        }
        page.images.append(placed)
    }

    /// An image in `frame`, its alternative text set centred in it for
    /// when it cannot be decoded.
    private func placedImage(_ image: BlockImage, in frame: PixelRect, on page: PageLayout) -> PlacedImage {
        var alternative: [PlacedGlyph] = []
        if let text = image.alternative {
            var glyphs = PageLayout(pageIndex: page.pageIndex, entry: page.entry)
            let textHeight = text.lines.count * text.lineHeight
            let textTop = frame.y + max(0, (image.height - textHeight) / 2)
            for index in text.lines.indices {
                place(line: index, of: text, baseline: textTop + index * text.lineHeight + (text.block?.baselineOffset ?? 0),
                      into: &glyphs)
            }
            alternative = glyphs.glyphs
        }
        return PlacedImage(resource: image.resource, box: frame, alternative: alternative)
    }

    /// A picture is a line of the page without text.
    private func recordPicture(_ box: PixelRect, into page: inout PageLayout) {
        page.lines.append("")
        page.lineExtents.append(Int32(box.x * 64)...Int32(box.maxX * 64))
    }

    /// Where a picture `width` wide (26.6) starts on its line.
    private func pictureX(_ box: LineBox, width: Int32, geometry: PageGeometry) -> Int {
        let left = Int32(geometry.marginLeft * 64)
        let available = geometry.measure - box.indent - box.endIndent
        switch box.alignment {
        case .start: return Int(left + box.indent)
        case .end: return Int(left + geometry.measure - box.endIndent - width)
        case .centred, .justified: return Int(left + box.indent + (available - width) / 2)
        }
    }

    private func placeMarker(_ marker: BlockMarker, x start: Int32, baseline: Int32, into page: inout PageLayout) {
        var x = start
        let shaped = marker.shaped
        for index in BidiReordering.visualOrder(levels: shaped.runs.map(\.level)) {
            let run = shaped.runs[index]
            for glyph in run.glyphs {
                page.glyphs.append(PlacedGlyph(face: run.face, glyph: shaped.glyphs[glyph], x: x + shaped.xOffsets[glyph],
                                               y: baseline - shaped.yOffsets[glyph]))
                x += shaped.advances[glyph]
            }
        }
    }

    /// The boxes of the links on a placed line, from where its characters
    /// were set (`spans`, 26.6 pixels).
    func placeLinks(_ links: [ResolvedLink], over line: LineBox, of layout: ParagraphLayout,
                    spans: [Int: ClosedRange<Int32>], top: Int, into page: inout PageLayout) {
        for link in links where link.range.overlaps(line.range) {
            var left = Int32.max, right = Int32.min
            for index in link.range.clamped(to: line.range) {
                guard let span = spans[index] else { continue }
                left = min(left, span.lowerBound)
                right = max(right, span.upperBound)
            }
            guard left < right else { continue }
            let box = PixelRect(x: Int(left) / 64, y: top, width: max(1, Int(right - left + 63) / 64), height: layout.lineHeight)
            page.links.append(PageLink(box: box, target: link.target, isNoteReference: link.isNoteReference))
            // A link is underlined, thinly, a little below the baseline; a note's number shows itself.
            guard !link.isNoteReference, let block = layout.block else { continue }
            let thickness = max(1, layout.face.pixelSize / 18)
            let under = top + block.baselineOffset + max(1, Int(-layout.face.descender) / 64 / 3)
            page.underlines.append(PixelRect(x: box.x, y: under, width: box.width, height: thickness))
        }
    }
}
