import BookModel

/// The markup of a paragraph's characters under the conventions plain
/// text files use: Project Gutenberg's `_italics_`, and in a book in
/// Aozora Bunko's notation its ruby and annotations. Each parser runs
/// only when its characters occur.
public struct PlainTextMarkup: TextMarkupReading {
    /// The book is in Aozora Bunko's notation (`BookMetadata.usesAozoraNotation`).
    public let aozora: Bool

    public init(aozora: Bool) {
        self.aozora = aozora
    }

    public func markup(of scalars: [UInt32]) -> InlineMarkup {
        var underscores = false, hasAozora = false
        for scalar in scalars {
            if scalar == 0x5F { underscores = true } else if aozora, AozoraMarkup.isMarkupScalar(scalar) { hasAozora = true }
        }
        var markup = InlineMarkup()
        if underscores { markup = GutenbergMarkup.parse(scalars) }
        if hasAozora { markup = markup.merged(with: AozoraMarkup.parse(scalars)) }
        return markup
    }
}
