/// One on-screen keyboard layout: its rows of character keys as typed
/// without shift, the name on its space bar and the code on its layout key.
public struct KeyboardLayout: Equatable, Sendable {
    /// The language it is for (BCP 47 primary subtag), or "symbols".
    public let code: String
    /// The layout's own name, shown on the space bar.
    public let name: String
    /// Character keys, row by row; the last row sits between shift and delete.
    public let rows: [[String]]

    public init(code: String, name: String, rows: [[String]]) {
        self.code = code
        self.name = name
        self.rows = rows
    }

    /// The label of the layout key while this layout is shown.
    public var shortName: String { code.uppercased() }

    static func row(_ keys: String) -> [String] { keys.split(separator: " ").map(String.init) }

    public static let english = KeyboardLayout(code: "en", name: "English", rows: [
        row("q w e r t y u i o p"), row("a s d f g h j k l"), row("z x c v b n m")])
    public static let german = KeyboardLayout(code: "de", name: "Deutsch", rows: [
        row("q w e r t z u i o p ü"), row("a s d f g h j k l ö ä"), row("y x c v b n m ß")])
    public static let french = KeyboardLayout(code: "fr", name: "Français", rows: [
        row("a z e r t y u i o p"), row("q s d f g h j k l m"), row("w x c v b n ' é")])
    public static let spanish = KeyboardLayout(code: "es", name: "Español", rows: [
        row("q w e r t y u i o p"), row("a s d f g h j k l ñ"), row("z x c v b n m ç")])
    public static let russian = KeyboardLayout(code: "ru", name: "Русский", rows: [
        row("й ц у к е н г ш щ з х ъ"), row("ф ы в а п р о л д ж э"), row("я ч с м и т ь б ю ё")])
    public static let greek = KeyboardLayout(code: "el", name: "Ελληνικά", rows: [
        row("ς ε ρ τ υ θ ι ο π"), row("α σ δ φ γ η ξ κ λ"), row("ζ χ ψ ω β ν μ")])
    /// Digits and punctuation, reached with the symbols key from any layout.
    public static let symbols = KeyboardLayout(code: "symbols", name: "", rows: [
        row("1 2 3 4 5 6 7 8 9 0"), row("- / : ; ( ) & @ \" #"), row(". , ? ! ' % + =")])

    /// The layouts the layout key steps through, in its order.
    public static let all: [KeyboardLayout] = [english, german, french, spanish, russian, greek]

    /// The index in `all` of the layout for `language` ("de-AT" finds
    /// German); English when none is for it.
    public static func index(forLanguage language: String?) -> Int {
        let primary = language?.split(whereSeparator: { $0 == "-" || $0 == "_" }).first?.lowercased() ?? ""
        return all.firstIndex { $0.code == primary } ?? 0
    }
}

/// The letters a held key offers beside its own: accents and related
/// letters, as phone keyboards show them.
enum KeyVariants {
    private static let table: [String: [String]] = [
        "a": ["à", "á", "â", "ä", "æ", "ã", "å", "ā"],
        "c": ["ç", "ć", "č"],
        "e": ["é", "è", "ê", "ë", "ē", "ę"],
        "i": ["î", "ï", "í", "ì", "ī"],
        "n": ["ñ", "ń"],
        "o": ["ô", "ö", "ò", "ó", "œ", "ø", "õ", "ō"],
        "s": ["ß", "ś", "š"],
        "u": ["û", "ü", "ù", "ú", "ū"],
        "y": ["ÿ", "ý"],
        "z": ["ž", "ź", "ż"],
        "е": ["ё"],
        "ь": ["ъ"],
        "α": ["ά"], "ε": ["έ"], "η": ["ή"], "ι": ["ί", "ϊ", "ΐ"], "ο": ["ό"], "υ": ["ύ", "ϋ", "ΰ"], "ω": ["ώ"],
        "-": ["–", "—"], "'": ["’", "‘"], "\"": ["“", "”", "«", "»"], "?": ["¿"], "!": ["¡"],
    ]

    /// The variants of the (unshifted) key `key`; none for most keys.
    static func of(_ key: String) -> [String] { table[key] ?? [] }
}
