import Geometry
import Raster
import Typesetting

/// Draws interface text and shapes into a frame with the reader's own
/// typesetter and raster: one set of interface faces and their glyph
/// cache (apart from the pages', whose face numbers mean other sizes).
public final class InterfacePainter {
    public let typesetter: InterfaceTypesetter
    /// The sizes, and the direction that turns `.start` to the right edge.
    public var metrics: InterfaceMetrics
    private let glyphCache = GlyphCache(byteBudget: 1 << 20)
    private var painters: [Theme: PagePainter] = [:]
    /// Typefaces shown in their own face (the text panel's), each with its glyphs.
    private var otherFaces: [FontFile: (typesetter: InterfaceTypesetter, glyphs: GlyphCache)] = [:]
    private let language: String?

    public init(font: FontFile, metrics: InterfaceMetrics, language: String?) throws {
        self.metrics = metrics
        self.language = language
        typesetter = try InterfaceTypesetter(font: font, labelSize: metrics.labelSize, language: language)
    }

    /// A label's width in pixels.
    public func width(of text: String, role: InterfaceTypesetter.Role = .label) -> Int {
        typesetter.line(text, role: role).pixelWidth
    }

    /// The baseline that centres a line of `role` text in a row from `top`, `height` pixels high.
    public func baseline(top: Int, height: Int, role: InterfaceTypesetter.Role = .label) -> Int {
        let capHeight = typesetter.face(role).pixelSize * 7 / 10
        return top + (height + capHeight) / 2
    }

    /// Text placed in `area`: at its start, centred or at its end; cut to fit.
    public enum Alignment {
        case start, centre, end

        var mirrored: Alignment {
            switch self {
            case .start: .end
            case .centre: .centre
            case .end: .start
            }
        }
    }

    public func place(_ text: String, in area: PixelRect, role: InterfaceTypesetter.Role = .label,
                      alignment: Alignment = .start) -> [PlacedGlyph] {
        guard area.width > 0 else { return [] }
        let line = typesetter.line(text, role: role, maxWidth: area.width)
        let x: Int
        switch metrics.isRightToLeft ? alignment.mirrored : alignment {
        case .start: x = area.x
        case .centre: x = area.x + (area.width - line.pixelWidth) / 2
        case .end: x = area.maxX - line.pixelWidth
        }
        return line.placed(x: x, baseline: baseline(top: area.y, height: area.height, role: role))
    }

    /// `text` set in its own font file, centred in `area`, painted at once.
    public func paint(_ text: String, inFont font: FontFile, in area: PixelRect, theme: Theme, into frame: inout PixelBuffer) {
        if otherFaces[font] == nil, let made = try? InterfaceTypesetter(font: font, labelSize: metrics.labelSize,
                                                                        language: language) {
            otherFaces[font] = (made, GlyphCache(byteBudget: 256 << 10))
        }
        guard let (setter, glyphs) = otherFaces[font] else { return }
        let line = setter.line(text, maxWidth: area.width)
        let capHeight = setter.face(.label).pixelSize * 7 / 10
        let placed = line.placed(x: area.x + (area.width - line.pixelWidth) / 2, baseline: area.y + (area.height + capHeight) / 2)
        let painter = painters[theme] ?? PagePainter(theme: theme)
        painters[theme] = painter
        painter.paint(PageLayout(interfaceGlyphs: placed), fonts: setter.fonts, cache: glyphs, into: &frame, clearing: false)
    }

    /// Paints placed glyphs in the theme's ink (secondary text in its
    /// secondary colour) over whatever the frame holds.
    public func paint(_ glyphs: [PlacedGlyph], theme: Theme, into frame: inout PixelBuffer) {
        guard !glyphs.isEmpty else { return }
        let painter = painters[theme] ?? PagePainter(theme: theme)
        painters[theme] = painter
        painter.paint(PageLayout(interfaceGlyphs: glyphs), fonts: typesetter.fonts, cache: glyphCache, into: &frame,
                      clearing: false)
    }
}
