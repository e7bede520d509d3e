/// Guesses a book's language from its text when none is given: the
/// dominant script, and for Latin text the commonest short words.
enum LanguageDetector {
    private static let stopWords: [String: Set<String>] = [
        "en": ["the", "and", "of", "to", "a", "in", "that", "is", "was", "he", "it", "with", "his", "you"],
        "de": ["der", "die", "und", "das", "ist", "nicht", "ich", "sie", "er", "zu", "ein", "den", "mit", "sich"],
        "fr": ["le", "la", "les", "et", "des", "est", "il", "que", "dans", "une", "un", "pas", "qui", "du"],
        "es": ["el", "los", "las", "y", "que", "del", "por", "una", "con", "para", "es", "se", "su", "como"],
    ]

    /// A BCP 47 primary language, or nil when the sample says too little.
    static func detect(_ text: String, sampleLength: Int = 100_000) -> String? {
        var scripts: [String: Int] = [:]
        var words: [String: Int] = [:]
        var word = ""
        var seen = 0
        for scalar in text.unicodeScalars {
            seen += 1
            if seen > sampleLength { break }
            if let script = script(of: scalar.value) { scripts[script, default: 0] += 1 }
            if scalar.properties.isAlphabetic {
                word.unicodeScalars.append(scalar)
            } else if !word.isEmpty {
                if word.count <= 6 { words[word.lowercased(), default: 0] += 1 }
                word = ""
            }
        }
        guard let (dominant, _) = scripts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }) else {
            return nil
        }
        switch dominant {
        case "latin":
            let scores = stopWords.mapValues { set in set.reduce(0) { $0 + (words[$1] ?? 0) } }
            guard let best = scores.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }),
                  best.value > 0 else { return nil }
            return best.key
        case "han":
            // Kana mark Japanese; Hangul would have won on its own.
            return (scripts["kana"] ?? 0) > 0 ? "ja" : "zh"
        case "kana": return "ja"
        default: return dominant
        }
    }

    /// A coarse script name, or a language code where a script has one main language.
    private static func script(of scalar: UInt32) -> String? {
        switch scalar {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF: return "latin"
        case 0x0370...0x03FF, 0x1F00...0x1FFF: return "el"
        case 0x0400...0x04FF: return "ru"
        case 0x0590...0x05FF: return "he"
        case 0x0600...0x06FF, 0x0750...0x077F: return "ar"
        case 0x0900...0x097F: return "hi"
        case 0x0E00...0x0E7F: return "th"
        case 0x3040...0x30FF: return "kana"
        case 0x4E00...0x9FFF, 0x3400...0x4DBF: return "han"
        case 0xAC00...0xD7AF: return "ko"
        default: return nil
        }
    }
}
