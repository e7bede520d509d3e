import BookModel

/// One of the book's own fonts as a page uses it: a face opened from it
/// (at a size, perhaps slanted or thickened) and how many glyphs the page
/// sets in that face.
public struct EmbeddedFaceUse: Sendable, Equatable {
    /// The face's id in the typesetter's font set.
    public var face: Int
    public var font: EmbeddedFont
    public var glyphs: Int
}

extension Typesetter {
    /// The faces opened from the book's embedded fonts that glyphs of the
    /// page are set in, traced from each placed glyph to the file its face
    /// was opened from. A glyph the face lacks (drawn as .notdef) does not
    /// count: such text falls back to another face anyway.
    public func embeddedFaces(drawnOn page: PageLayout) -> [EmbeddedFaceUse] {
        guard let document = book.document, !document.fonts.isEmpty else { return [] }
        var counts: [Int: Int] = [:]
        for placed in page.glyphs where placed.glyph != 0 { counts[placed.face, default: 0] += 1 }
        let faces = fonts.faces
        var uses: [EmbeddedFaceUse] = []
        for (face, glyphs) in counts.sorted(by: { $0.key < $1.key }) where faces.indices.contains(face) {
            let path = faces[face].file.path
            guard let font = document.fonts.first(where: { EmbeddedFontFiles.file(of: $0).path == path }) else { continue }
            uses.append(EmbeddedFaceUse(face: face, font: font, glyphs: glyphs))
        }
        return uses
    }
}
