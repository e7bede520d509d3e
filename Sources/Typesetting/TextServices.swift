import CHarfBuzz

/// What shaping a paragraph needs besides its text and fonts: line
/// breaking, hyphenation and the language. One per typesetter.
final class TextServices {
    /// BCP 47 language of the text, given or detected; nil when unknown.
    let language: String?
    let lineBreaks: LineBreakFinder
    let hyphenator: Hyphenator?
    let hbLanguage: hb_language_t?

    init(language: String?, hyphenation: Bool = true, preload: HyphenationPreload? = nil) {
        self.language = language
        lineBreaks = LineBreakFinder(language: language)
        hyphenator = hyphenation ? language.flatMap { language in
            preload?.patterns(for: language).flatMap(Hyphenator.init(patterns:)) ?? Hyphenator(language: language)
        } : nil
        hbLanguage = language.map { hb_language_from_string($0, -1) }
    }

    /// Services for another thread, over the same loaded patterns as `other`.
    init(matching other: TextServices) {
        language = other.language
        lineBreaks = LineBreakFinder(language: other.language)
        hyphenator = other.hyphenator.flatMap { Hyphenator(patterns: $0.patterns) }
        hbLanguage = other.hbLanguage
    }
}
