import Raster
import Typesetting

/// The reader's page renderer and the render-ahead worker's, over
/// typesetters set alike. The worker keeps its glyph cache across changes.
struct PageRenderers {
    let main: PageRenderer
    let worker: PageRenderer

    /// Renderers over `typesetter` in `theme` with `marks` over the text, the worker's glyphs in `workerGlyphs`.
    init(_ typesetter: Typesetter, theme: Theme, glyphs: GlyphCache = GlyphCache(), workerGlyphs: GlyphCache,
         marks: [TextMark] = []) throws {
        main = PageRenderer(typesetter: typesetter, theme: theme, cache: glyphs, marks: marks)
        worker = PageRenderer(typesetter: try Typesetter(matching: typesetter), theme: theme, cache: workerGlyphs, marks: marks)
    }

    /// Renderers in `theme` over `typesetter` (nil: the one set now), with
    /// `marks` (nil: the ones laid now). The glyphs carry over: their keys
    /// hold the size, so a reader switching between two sizes keeps both
    /// sets; but not to another font file (`newFontFile`), whose face
    /// numbers collide with the old file's.
    func remade(_ typesetter: Typesetter? = nil, theme: Theme, newFontFile: Bool = false,
                marks: [TextMark]? = nil) throws -> PageRenderers {
        try PageRenderers(typesetter ?? main.typesetter, theme: theme, glyphs: newFontFile ? GlyphCache() : main.cache,
                          workerGlyphs: worker.cache, marks: marks ?? main.marks)
    }
}
