import Geometry
import Typesetting

/// A range of a book's text marked on its pages in a colour: a highlight,
/// the selection, a search hit.
public struct TextMark: Equatable, Sendable {
    public var range: Range<Int>
    public var color: UInt32

    public init(range: Range<Int>, color: UInt32) {
        self.range = range
        self.color = color
    }
}

extension Theme {
    /// The page is dark (its background darker than mid grey).
    public var isDark: Bool {
        let red = Double(background >> 16 & 0xFF), green = Double(background >> 8 & 0xFF), blue = Double(background & 0xFF)
        return 0.2126 * red + 0.7152 * green + 0.0722 * blue < 128
    }
}

extension PagePainter {
    /// Share of a mark's colour mixed into a dark page.
    public static let darkMarkShare = 0.35

    /// Lays `marks` over the text of a page painted into `buffer` from
    /// `text`, as a highlighter does: on a light page the colour multiplies
    /// what is there (the ink stays dark, the paper takes the colour); on a
    /// dark page it is mixed in. `ink` gains the rows marked.
    public func paint(_ marks: [TextMark], over text: PlacedText, into buffer: inout PixelBuffer, ink: inout InkRows) {
        guard !marks.isEmpty, let shown = text.range else { return }
        let dark = theme.isDark
        for mark in marks where mark.range.overlaps(shown) {
            for rect in text.rects(covering: mark.range) {
                guard let visible = rect.intersection(buffer.bounds) else { continue }
                buffer.tint(visible, with: mark.color, multiply: !dark, share: Self.darkMarkShare)
                ink.insert(visible.y..<visible.maxY)
            }
        }
    }
}

extension PixelBuffer {
    /// Tints `rect` with `color`: multiplied into each pixel, or mixed in at `share`.
    public mutating func tint(_ rect: PixelRect, with color: UInt32, multiply: Bool, share: Double) {
        guard let area = rect.intersection(bounds) else { return }
        let red = color >> 16 & 0xFF, green = color >> 8 & 0xFF, blue = color & 0xFF
        let keep = UInt32(((1 - share) * 256).rounded()), add = 256 - keep
        let rowStride = stride
        withUnsafeMutablePixels { pixels in
            for row in area.y..<area.maxY {
                let start = row * rowStride
                for index in (start + area.x)..<(start + area.maxX) {
                    let pixel = pixels[index]
                    let r = pixel >> 16 & 0xFF, g = pixel >> 8 & 0xFF, b = pixel & 0xFF
                    if multiply {
                        pixels[index] = (r * red / 255) << 16 | (g * green / 255) << 8 | (b * blue / 255)
                    } else {
                        pixels[index] = ((r * keep + red * add) >> 8) << 16 | ((g * keep + green * add) >> 8) << 8
                            | ((b * keep + blue * add) >> 8)
                    }
                }
            }
        }
    }
}
