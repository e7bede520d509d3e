import BookModel
import Geometry
import Raster
import Typesetting

/// Draws a book's cover from its title and authors with the reader's own
/// typesetter and raster: a cloth colour chosen by the title, the title
/// set as large as fits in up to five lines, the authors at the foot.
/// The cover has colours of its own (cream ink on a dark cloth), so it
/// reads the same in every theme. Not thread-safe, like its typesetter.
public final class CoverPainter {
    public let width: Int
    public let height: Int
    /// Title sizes, largest first: the title takes the largest its words fit.
    private let titleSetters: [(typesetter: InterfaceTypesetter, glyphs: GlyphCache)]
    /// The authors, in the quieter ink.
    private let authorSetter: (typesetter: InterfaceTypesetter, glyphs: GlyphCache)
    private var painters: [UInt32: PagePainter] = [:]

    /// Cloths: dark enough for cream ink, distinct from each other.
    static let cloths: [UInt32] = [0x2E4A62, 0x6B2E2E, 0x2F5D4A, 0x7A5A1E, 0x4B3B63, 0x24585E, 0x5A4636, 0x3B3F46]
    /// The cloth of a book that cannot be opened.
    static let unreadableCloth: UInt32 = 0x5C5C5C
    static let ink: UInt32 = 0xF2EAD8
    static let quietInk: UInt32 = 0xCFC4AC

    public init(font: FontFile, width: Int, height: Int) throws {
        self.width = width
        self.height = height
        // Cover text scales with the cover.
        titleSetters = try [7, 9, 12].map { share in
            (try InterfaceTypesetter(font: font, labelSize: max(8, height / share), language: nil),
             GlyphCache(byteBudget: 256 << 10))
        }
        // Its secondary size (0.7 of the label's) sets the authors.
        authorSetter = (try InterfaceTypesetter(font: font, labelSize: max(10, height / 8), language: nil),
                        GlyphCache(byteBudget: 256 << 10))
    }

    /// The cloth colour for a title: the same title always gets the same colour.
    static func cloth(for title: String, readable: Bool) -> UInt32 {
        guard readable else { return unreadableCloth }
        let hash = Array(title.utf8).withUnsafeBytes(ByteHash.hash64)
        return cloths[Int(hash % UInt64(cloths.count))]
    }

    /// The cover of `info`: its own picture scaled, else one drawn.
    public func cover(for info: LibraryBookInfo) -> PixelBuffer {
        if let image = info.coverImage, image.width > 0, image.height > 0 {
            return Self.scaled(image, width: width, height: height)
        }
        let cloth = Self.cloth(for: info.title, readable: info.problem == nil)
        var cover = PixelBuffer(width: width, height: height, fill: cloth)
        let margin = max(3, width / 12)
        let rule = max(1, height / 120)
        cover.fill(PixelRect(x: margin, y: margin, width: width - 2 * margin, height: rule), with: Self.quietInk)
        cover.fill(PixelRect(x: margin, y: height - margin - rule, width: width - 2 * margin, height: rule),
                   with: Self.quietInk)
        let textWidth = width - 2 * margin
        let painter = painter(cloth)
        // The authors at the foot, above the lower rule.
        var foot = height - margin - rule - margin / 2
        if !info.authors.isEmpty {
            let setter = authorSetter.typesetter
            let lines = Array(Self.wrap(info.authors.joined(separator: ", "), typesetter: setter, role: .secondary,
                                        width: textWidth).lines.prefix(2))
            let lineHeight = setter.face(.secondary).pixelSize * 5 / 4
            foot -= lineHeight * lines.count
            let placed = centred(lines, face: setter.face(.secondary), top: foot, lineHeight: lineHeight)
            painter.paint(PageLayout(interfaceGlyphs: placed), fonts: setter.fonts, cache: authorSetter.glyphs,
                          into: &cover, clearing: false)
        }
        // The title as large as its words fit, between the upper rule and the authors.
        let top = margin + rule + margin
        for (index, setter) in titleSetters.enumerated() {
            let face = setter.typesetter.face(.label)
            let lineHeight = face.pixelSize * 6 / 5
            let (lines, cut) = Self.wrap(info.title, typesetter: setter.typesetter, role: .label, width: textWidth)
            let room = min(5, max(1, (foot - top) / lineHeight))
            guard lines.count <= room && !cut || index == titleSetters.count - 1 else { continue }
            let placed = centred(Array(lines.prefix(room)), face: face, top: top, lineHeight: lineHeight)
            painter.paint(PageLayout(interfaceGlyphs: placed), fonts: setter.typesetter.fonts, cache: setter.glyphs,
                          into: &cover, clearing: false)
            break
        }
        return cover
    }

    private func painter(_ cloth: UInt32) -> PagePainter {
        if let painter = painters[cloth] { return painter }
        let painter = PagePainter(theme: Theme(name: "cover", background: cloth, ink: Self.ink, secondary: Self.quietInk))
        painters[cloth] = painter
        return painter
    }

    /// Lines centred across the cover, the first one's top at `top`.
    private func centred(_ lines: [InterfaceLine], face: FontFace, top: Int, lineHeight: Int) -> [PlacedGlyph] {
        let ascent = face.pixelSize * 4 / 5
        return lines.enumerated().flatMap { index, line in
            line.placed(x: (width - line.pixelWidth) / 2, baseline: top + index * lineHeight + ascent)
        }
    }

    /// `text` broken into lines at spaces, each at most `width` pixels; a
    /// word wider than that is cut with an ellipsis (`cut` then says so).
    static func wrap(_ text: String, typesetter: InterfaceTypesetter, role: InterfaceTypesetter.Role,
                     width: Int) -> (lines: [InterfaceLine], cut: Bool) {
        var lines: [InterfaceLine] = []
        var cut = false
        var current = ""
        func finish() {
            let whole = typesetter.line(current, role: role)
            if whole.pixelWidth > width { cut = true }
            lines.append(whole.pixelWidth > width ? typesetter.line(current, role: role, maxWidth: width) : whole)
        }
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if current.isEmpty || typesetter.line(candidate, role: role).pixelWidth <= width {
                current = candidate
            } else {
                finish()
                current = String(word)
            }
        }
        if !current.isEmpty { finish() }
        return (lines, cut)
    }

    /// `image` scaled to `width` x `height`, each pixel the average of the
    /// image's pixels it covers (or the nearest one, enlarging).
    static func scaled(_ image: PixelBuffer, width: Int, height: Int) -> PixelBuffer {
        var result = PixelBuffer(width: width, height: height)
        for y in 0..<height {
            let y0 = y * image.height / height, y1 = max(y0 + 1, (y + 1) * image.height / height)
            for x in 0..<width {
                let x0 = x * image.width / width, x1 = max(x0 + 1, (x + 1) * image.width / width)
                var red = 0, green = 0, blue = 0
                for sy in y0..<y1 {
                    for sx in x0..<x1 {
                        let pixel = image[sx, sy]
                        red += Int(pixel >> 16 & 0xFF)
                        green += Int(pixel >> 8 & 0xFF)
                        blue += Int(pixel & 0xFF)
                    }
                }
                let count = (y1 - y0) * (x1 - x0)
                result[x, y] = UInt32(red / count) << 16 | UInt32(green / count) << 8 | UInt32(blue / count)
            }
        }
        return result
    }
}
