import BookModel
import CHarfBuzz

/// What shaping a paragraph needs besides its text and fonts: line
/// breaking, hyphenation and the language. One per typesetter.
final class TextServices {
    /// BCP 47 language of the text, given or detected; nil when unknown.
    let language: String?
    let lineBreaks: LineBreakFinder
    let hyphenator: Hyphenator?
    let hbLanguage: hb_language_t?
    /// Hyphenators of other languages a book's blocks are in, loaded when first met.
    private var otherHyphenators: [String: Hyphenator?] = [:]
    /// Line breaking of a stricter or looser kind than the book's, by ICU locale, made when first asked for.
    private var otherLineBreaks: [String: LineBreakFinder] = [:]
    private let hyphenates: Bool

    init(language: String?, hyphenation: Bool = true, preload: HyphenationPreload? = nil) {
        self.language = language
        lineBreaks = LineBreakFinder(language: Self.lineBreakLocale(language))
        hyphenator = hyphenation ? language.flatMap { language in
            preload?.patterns(for: language).flatMap(Hyphenator.init(patterns:)) ?? Hyphenator(language: language)
        } : nil
        hbLanguage = language.map { hb_language_from_string($0, -1) }
        hyphenates = hyphenation
    }

    /// Services for another thread, over the same loaded patterns as `other`.
    init(matching other: TextServices) {
        language = other.language
        lineBreaks = LineBreakFinder(language: Self.lineBreakLocale(other.language))
        hyphenator = other.hyphenator.flatMap { Hyphenator(patterns: $0.patterns) }
        hbLanguage = other.hbLanguage
        hyphenates = other.hyphenates
    }

    /// The hyphenator for text in `language` (nil: the book's), nil when
    /// hyphenation is off or no dictionary for it is installed.
    func hyphenator(for language: String?) -> Hyphenator? {
        guard hyphenates, let language, Self.primary(language) != self.language.map(Self.primary) else { return hyphenator }
        let key = Self.primary(language)
        if let known = otherHyphenators[key] { return known }
        let made = Hyphenator(language: language)
        otherHyphenators[key] = made
        return made
    }

    /// Line breaking for a block in `language` (nil: the book's) with CJK
    /// rules as `strictness` says: ICU's loose or strict rules when the
    /// block asks for them, else the book's own.
    func lineBreaks(language blockLanguage: String?, strictness: BlockStyle.LineBreakStrictness) -> LineBreakFinder {
        let keyword: String
        switch strictness {
        case .loose: keyword = "loose"
        case .strict: keyword = "strict"
        case .normal, .anywhere: return lineBreaks
        }
        let locale = (blockLanguage ?? language ?? "") + "@lb=" + keyword
        if let known = otherLineBreaks[locale] { return known }
        let made = LineBreakFinder(language: locale)
        otherLineBreaks[locale] = made
        return made
    }

    /// The ICU locale the book's line breaks come from: Chinese and
    /// Japanese take ICU's strict rules, so that as JLReq asks no line
    /// starts with a small kana, a prolonged sound mark or an iteration
    /// mark (ICU's normal rules let them).
    static func lineBreakLocale(_ language: String?) -> String? {
        guard let language, ["ja", "zh"].contains(primary(language)) else { return language }
        return language + "@lb=strict"
    }

    private static func primary(_ language: String) -> String {
        language.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? ""
    }
}
