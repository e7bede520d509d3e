/// The interface's words in one language: the messages of one gettext
/// catalog, its plural rule, and its numbers as ICU writes them. A value
/// the screens are handed (never process-wide state): the reader changes
/// language by handing them another. A message the catalog lacks, or has
/// left untranslated, is shown in English.
///
/// Messages are found by their English text, written at the call as a
/// literal: `localized("Contents")`, `localizedPlural("%d book", "%d books", count: n)`,
/// `localized(context: "line spacing", "Normal")`. `po/update.sh` collects
/// exactly these calls into the template.
public final class MessageCatalog {
    /// The catalog's language as its file is named: "de", "zh_Hans"; "en" for English.
    public let code: String
    /// Translations by key (the context, U+0004 and the English text): one form, or one per plural form.
    let messages: [String: [String]]
    public let pluralRule: PluralRule
    /// ICU's formats for the language, opened at the first number shown.
    private lazy var formats = LocalFormats(locale: code)

    public init(code: String, messages: [String: [String]] = [:], pluralRule: PluralRule = .english) {
        self.code = code
        self.messages = messages
        self.pluralRule = pluralRule
    }

    /// The English the code is written in: every message as it is in the source.
    public static var english: MessageCatalog { MessageCatalog(code: "en") }

    static func key(context: String?, _ id: String) -> String {
        context.map { $0 + "\u{4}" + id } ?? id
    }

    /// How many messages the catalog translates.
    public var count: Int { messages.count }

    /// Whether the catalog translates the message (`context`, `id`).
    public func translates(context: String? = nil, _ id: String) -> Bool {
        messages[Self.key(context: context, id)]?.first.map { !$0.isEmpty } ?? false
    }

    /// The language's own name ("Deutsch", "العربية"), as its catalog gives it.
    public var ownName: String { localized(context: "the language's own name", "English") }

    /// The interface mirrors: the language is written right to left.
    public private(set) lazy var isRightToLeft = LocalFormats.isRightToLeft(locale: code)

    public func localized(_ id: String, _ arguments: any CatalogArgument...) -> String {
        fill(translation(context: nil, id, plural: nil, count: nil), arguments)
    }

    public func localized(context: String, _ id: String, _ arguments: any CatalogArgument...) -> String {
        fill(translation(context: context, id, plural: nil, count: nil), arguments)
    }

    /// The form of a message `count` takes; without arguments `%d` is the count.
    public func localizedPlural(_ singular: String, _ plural: String, count: Int, _ arguments: any CatalogArgument...) -> String {
        fill(translation(context: nil, singular, plural: plural, count: count), arguments.isEmpty ? [count] : arguments)
    }

    private func translation(context: String?, _ id: String, plural: String?, count: Int?) -> String {
        if let forms = messages[Self.key(context: context, id)] {
            let form = count.map { pluralRule.form(for: $0) } ?? 0
            if forms.indices.contains(form), !forms[form].isEmpty { return forms[form] }
        }
        guard let plural, let count else { return id }
        return PluralRule.english.form(for: count) == 0 ? id : plural
    }

    /// A whole number as the language writes it ("1.234", "١٢").
    public func number(_ value: Int) -> String { formats?.integer(value) ?? String(value) }

    /// A share (0.42) as the language writes a percentage ("42 %", "٪٤٢").
    public func percent(_ fraction: Double) -> String {
        formats?.percent(fraction) ?? "\(Int((fraction * 100).rounded(.down)))%"
    }

    /// A day (seconds since 1970) as the language writes a date.
    public func date(_ seconds: Double) -> String { formats?.date(seconds) ?? "" }

    /// The digits 0-9 of `text` written in the language's own digits, for
    /// numbers that come made ("~12"): the rest is kept.
    public func digits(_ text: String) -> String {
        let zero = number(0)
        guard zero != "0", zero.unicodeScalars.count == 1, let base = zero.unicodeScalars.first?.value else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            (48...57).contains(scalar.value) ? Unicode.Scalar(base + scalar.value - 48) ?? scalar : scalar
        }))
    }

    /// `%d`, `%s` and `%N$d`, `%N$s` replaced by the arguments (numbers in
    /// the language's digits), `%%` by `%`. A placeholder without an
    /// argument is left out rather than shown raw.
    private func fill(_ template: String, _ arguments: [any CatalogArgument]) -> String {
        guard template.contains("%") else { return template }
        var result = ""
        var next = 0
        var scalars = template.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "%" else { result.unicodeScalars.append(scalar); continue }
            var digits = ""
            var lookahead = scalars
            while let d = lookahead.first, ("0"..."9").contains(d) { digits.unicodeScalars.append(d); lookahead.removeFirst() }
            var index: Int?
            if !digits.isEmpty, lookahead.first == "$", let position = Int(digits) {
                lookahead.removeFirst()
                index = position - 1
                scalars = lookahead
            }
            guard let kind = scalars.popFirst() else { result += "%"; break }
            switch kind {
            case "%": result += "%"
            case "d", "s":
                let chosen = index ?? next
                if arguments.indices.contains(chosen) { result += arguments[chosen].shown(in: self) }
                if index == nil { next += 1 }
            default:
                result += "%"
                result.unicodeScalars.append(kind)
            }
        }
        return result
    }
}

/// What a message's placeholder may be filled with.
public protocol CatalogArgument {
    func shown(in catalog: MessageCatalog) -> String
}

extension Int: CatalogArgument {
    public func shown(in catalog: MessageCatalog) -> String { catalog.number(self) }
}

extension String: CatalogArgument {
    public func shown(in catalog: MessageCatalog) -> String { self }
}
