import BookModel

/// One line of interface text, shaped: glyphs placed from a pen at (0, 0)
/// on the baseline, and the line's advance width (26.6 pixels).
public struct InterfaceLine: Sendable {
    public var glyphs: [PlacedGlyph]
    public var width: Int32

    /// The glyphs moved so that the line starts at `x` with its baseline at `y` (pixels).
    public func placed(x: Int, baseline y: Int) -> [PlacedGlyph] {
        let dx = Int32(x * 64), dy = Int32(y * 64)
        return glyphs.map { PlacedGlyph(face: $0.face, glyph: $0.glyph, x: $0.x + dx, y: $0.y + dy) }
    }

    public var pixelWidth: Int { Int((width + 63) / 64) }
}

/// Sets the reader's own interface text (menus, lists, labels) with the
/// book's typesetting machinery: the same font file, fallback fonts for
/// what it lacks, HarfBuzz shaping and bidi order, at interface sizes.
/// Not thread-safe: the thread that draws the interface owns it.
public final class InterfaceTypesetter {
    /// Label size (body), title size (heading, 1.35x) and the small
    /// secondary size (footer, 0.7x), which is painted in the theme's
    /// secondary colour.
    public let fonts: FontSet
    private let services: TextServices

    public enum Role: Sendable { case label, title, secondary }

    public init(font: FontFile, labelSize: Int, language: String?) throws {
        let geometry = PageGeometry(width: 1000, height: 1000, fontSize: labelSize)
        fonts = try FontSet(file: font, geometry: geometry)
        services = TextServices(language: language, hyphenation: false)
    }

    public func face(_ role: Role) -> FontFace {
        switch role {
        case .label: return fonts.body
        case .title: return fonts.heading
        case .secondary: return fonts.footer
        }
    }

    /// `text` on one line; cut with an ellipsis when wider than `maxWidth` pixels.
    public func line(_ text: String, role: Role = .label, maxWidth: Int? = nil) -> InterfaceLine {
        let whole = shape(Array(text.unicodeScalars.map(\.value)), role: role)
        guard let maxWidth, whole.pixelWidth > maxWidth else { return whole }
        var scalars = Array(text.unicodeScalars.map(\.value))
        // Shorter by a fraction each time: a handful of shapings for any length.
        while scalars.count > 1 {
            let keep = max(1, scalars.count * maxWidth / max(1, shape(scalars + [0x2026], role: role).pixelWidth) - 1)
            scalars = Array(scalars.prefix(min(keep, scalars.count - 1)))
            while scalars.last == 0x20 { scalars.removeLast() }
            let cut = shape(scalars + [0x2026], role: role)
            if cut.pixelWidth <= maxWidth { return cut }
        }
        return shape([0x2026], role: role)
    }

    private func shape(_ scalars: [UInt32], role: Role) -> InterfaceLine {
        guard !scalars.isEmpty else { return InterfaceLine(glyphs: [], width: 0) }
        let shaped = ShapedParagraph(source: scalars, style: .preserved, fonts: fonts, face: face(role),
                                     services: services)
        var x: Int32 = 0
        var glyphs: [PlacedGlyph] = []
        for index in BidiReordering.visualOrder(levels: shaped.runs.map(\.level)) {
            let run = shaped.runs[index]
            for glyph in run.glyphs {
                glyphs.append(PlacedGlyph(face: run.face, glyph: shaped.glyphs[glyph],
                                          x: x + shaped.xOffsets[glyph], y: -shaped.yOffsets[glyph]))
                x += shaped.advances[glyph]
            }
        }
        return InterfaceLine(glyphs: glyphs, width: x)
    }
}

extension PageLayout {
    /// Glyphs to paint that belong to no page (interface text).
    public init(interfaceGlyphs: [PlacedGlyph]) {
        self.init(pageIndex: 0, entry: PageEntry(paragraph: 0, line: 0, start: 0, end: 0, missingGlyphs: 0),
                  glyphs: interfaceGlyphs)
    }
}
