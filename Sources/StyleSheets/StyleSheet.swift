/// A parsed style sheet: the rules that apply (those of `@media` blocks
/// for a screen included), the fonts it declares and the sheets it imports.
public struct StyleSheet: Sendable {
    public var rules: [StyleRule] = []
    public var fontFaces: [FontFaceRule] = []
    /// `@import` URLs, as written, in order.
    public var imports: [String] = []
    /// Whether the sheet had more rules than it was parsed to keep: the
    /// rest of it was not read.
    public var isCut = false

    public init(rules: [StyleRule] = [], fontFaces: [FontFaceRule] = [], imports: [String] = []) {
        self.rules = rules
        self.fontFaces = fontFaces
        self.imports = imports
    }

    /// Parses CSS text; what cannot be understood is skipped one rule,
    /// selector or declaration at a time. At most `maximumRules` rules are
    /// kept, however long the text.
    public init(parsing text: String, maximumRules: Int = .max) {
        self = StyleSheetParser.parse(text, maximumRules: maximumRules)
    }

    /// The declarations of a `style` attribute.
    public static func declarations(parsing text: String) -> [Declaration] {
        StyleSheetParser.parseDeclarations(text)
    }
}

/// `selector, selector { declarations }`.
public struct StyleRule: Sendable {
    /// The selectors of the rule that were understood.
    public var selectors: [Selector]
    public var declarations: [Declaration]

    public init(selectors: [Selector], declarations: [Declaration]) {
        self.selectors = selectors
        self.declarations = declarations
    }
}

/// `name: value [!important]`.
public struct Declaration: Sendable, Equatable {
    /// Lower-cased.
    public var name: String
    public var value: [CSSComponent]
    public var important: Bool

    public init(name: String, value: [CSSComponent], important: Bool = false) {
        self.name = name
        self.value = value
        self.important = important
    }
}

/// An `@font-face` rule: a family name and where its file is.
public struct FontFaceRule: Sendable, Equatable {
    public struct Source: Sendable, Equatable {
        public var url: String
        /// The `format()` hint, lower-cased, when given.
        public var format: String?
    }

    public var declarations: [Declaration]

    public init(declarations: [Declaration]) { self.declarations = declarations }

    private func value(of name: String) -> [CSSComponent]? {
        declarations.last { $0.name == name }?.value
    }

    /// The family name, unquoted.
    public var family: String? {
        guard let value = value(of: "font-family") else { return nil }
        return FontFamilyName.parseList(value).first.flatMap { if case let .named(name) = $0 { return name } else { return nil } }
    }

    /// The `src` URLs in order of preference (`local()` sources left out).
    public var sources: [Source] {
        guard let value = value(of: "src") else { return [] }
        return value.split(at: .comma).compactMap { part in
            var url: String?
            var format: String?
            for component in part {
                switch component {
                case let .token(.url(text)): url = text
                case let .function("url", arguments):
                    if case let .token(.string(text))? = arguments.trimmed().first { url = text }
                case let .function("format", arguments):
                    if case let .token(.string(text))? = arguments.trimmed().first { format = text.lowercased() }
                    if case let .token(.ident(text))? = arguments.trimmed().first { format = text.lowercased() }
                default: break
                }
            }
            return url.map { Source(url: $0, format: format) }
        }
    }

    public var isItalic: Bool {
        guard let value = value(of: "font-style") else { return false }
        return value.contains { $0.keyword == "italic" || $0.keyword == "oblique" }
    }

    public var isBold: Bool {
        guard let value = value(of: "font-weight") else { return false }
        return FontWeight.parse(value).map { $0 >= 600 } ?? false
    }
}
