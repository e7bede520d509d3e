/// The language a dictionary explains, as a lower-case ISO 639-1 code
/// where there is one. dictd databases rarely say theirs: it is taken from
/// the database's name (FreeDict's `freedict-eng-deu` and `eng-deu` are
/// English headwords), and the English databases Debian packages are known
/// by name.
enum DictionaryLanguage {
    /// dictd databases Debian packages whose headwords are English.
    static let englishDatabases: Set<String> = [
        "gcide", "web1913", "wn", "moby-thesaurus", "jargon", "foldoc", "vera", "devil", "elements",
        "easton", "hitchcock", "world02", "world95", "bouvier", "gazetteer", "gaz-county", "gaz-place", "gaz-zip",
    ]

    /// ISO 639-2 codes (FreeDict's) of languages with a two-letter code.
    private static let twoLetterCodes: [String: String] = [
        "afr": "af", "ara": "ar", "bre": "br", "bul": "bg", "cat": "ca", "ces": "cs", "cze": "cs", "cym": "cy",
        "wel": "cy", "dan": "da", "deu": "de", "ger": "de", "ell": "el", "gre": "el", "eng": "en", "epo": "eo",
        "est": "et", "fin": "fi", "fra": "fr", "fre": "fr", "gla": "gd", "gle": "ga", "heb": "he", "hin": "hi",
        "hrv": "hr", "hun": "hu", "isl": "is", "ice": "is", "ita": "it", "jpn": "ja", "kur": "ku", "lat": "la",
        "lit": "lt", "lav": "lv", "nld": "nl", "dut": "nl", "nor": "no", "nob": "nb", "nno": "nn", "pol": "pl",
        "por": "pt", "ron": "ro", "rum": "ro", "rus": "ru", "slk": "sk", "slo": "sk", "slv": "sl", "spa": "es",
        "srp": "sr", "swa": "sw", "swe": "sv", "tur": "tr", "ukr": "uk", "zho": "zh", "chi": "zh", "kor": "ko",
        "vie": "vi", "tha": "th", "fas": "fa", "per": "fa", "hye": "hy", "arm": "hy", "kat": "ka", "geo": "ka",
    ]

    /// The language of a dictionary named `name` (a file's name without
    /// its extension); nil when the name does not tell.
    static func guess(fromName name: String) -> String? {
        let lowered = name.lowercased()
        if englishDatabases.contains(lowered) { return "en" }
        // FreeDict and its kin: source-target, in ISO 639-2 or 639-1.
        let parts = lowered.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        let pairs = zip(parts, parts.dropFirst()).filter { isLanguageCode($0.0) && isLanguageCode($0.1) }
        return pairs.first.map { primary($0.0) }
    }

    /// The primary language of a BCP 47 tag (or a locale name such as
    /// `en_US`), as a two-letter code where one exists.
    static func primary(_ tag: String) -> String {
        let language = String(tag.lowercased().prefix { $0 != "-" && $0 != "_" && $0 != "." })
        return twoLetterCodes[language] ?? language
    }

    private static func isLanguageCode(_ part: String) -> Bool {
        twoLetterCodes[part] != nil || (part.count == 2 && Set(twoLetterCodes.values).contains(part))
    }
}
