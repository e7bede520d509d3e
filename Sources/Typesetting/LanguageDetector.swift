import BookModel

/// Guesses a book's language from its text when none is given: the
/// dominant script, and for Latin text the commonest short words.
enum LanguageDetector {
    private static let stopWords: [String: Set<String>] = [
        "en": ["the", "and", "of", "to", "a", "in", "that", "is", "was", "he", "it", "with", "his", "you"],
        "de": ["der", "die", "und", "das", "ist", "nicht", "ich", "sie", "er", "zu", "ein", "den", "mit", "sich"],
        "fr": ["le", "la", "les", "et", "des", "est", "il", "que", "dans", "une", "un", "pas", "qui", "du"],
        "es": ["el", "los", "las", "y", "que", "del", "por", "una", "con", "para", "es", "se", "su", "como"],
    ]

    /// Stop words packed as in `pack`, with their language.
    private static let packedStopWords: [UInt64: [String]] = {
        var table: [UInt64: [String]] = [:]
        for (language, words) in stopWords {
            for word in words { table[pack(Array(word.utf8)), default: []].append(language) }
        }
        return table
    }()

    /// Up to eight lower-case ASCII letters in one integer.
    private static func pack(_ letters: [UInt8]) -> UInt64 {
        letters.reduce(0) { $0 << 8 | UInt64($1 | 0x20) }
    }

    /// Bytes of decoded text the language is detected from.
    static let sampleBytes = 200_000

    /// The language of a book from the start of its decoded text, else
    /// the language of the charset model that named its legacy encoding
    /// (Czech or Polish in ISO-8859-2, say, which the stop words miss).
    static func detect(in text: DecodedText) -> String? {
        detect(String(decoding: text.utf8.prefix(sampleBytes), as: UTF8.self)) ?? text.encodingLanguage
    }

    /// A BCP 47 primary language, or nil when the sample says too little.
    static func detect(_ text: String, sampleLength: Int = 100_000) -> String? {
        var scriptCounts = [Int](repeating: 0, count: scriptNames.count)
        // Stop words are short and ASCII: only such words are counted,
        // each as its letters packed into an integer.
        var stopWordCounts: [String: Int] = [:]
        var word: UInt64 = 0
        var wordLength = 0
        var wordIsASCII = true
        func endWord() {
            if wordLength > 0, wordLength <= 6, wordIsASCII, let languages = packedStopWords[word] {
                for language in languages { stopWordCounts[language, default: 0] += 1 }
            }
            word = 0; wordLength = 0; wordIsASCII = true
        }
        var seen = 0
        for scalar in text.unicodeScalars {
            seen += 1
            if seen > sampleLength { break }
            let value = scalar.value
            if let script = scriptIndex(of: value) { scriptCounts[script] += 1 }
            if value < 0x80 {
                let isLetter = (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
                if isLetter {
                    word = word << 8 | UInt64(value | 0x20)
                    wordLength += 1
                } else {
                    endWord()
                }
            } else if scalar.properties.isAlphabetic {
                wordIsASCII = false
                wordLength += 1
            } else {
                endWord()
            }
        }
        endWord()
        var scripts: [String: Int] = [:]
        for (index, count) in scriptCounts.enumerated() where count > 0 { scripts[scriptNames[index]] = count }
        guard let (dominant, _) = scripts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }) else {
            return nil
        }
        switch dominant {
        case "latin":
            let scores = stopWords.mapValues { _ in 0 }.merging(stopWordCounts) { $1 }
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

    /// Coarse script names, or a language code where a script has one main language.
    private static let scriptNames = ["latin", "el", "ru", "he", "ar", "hi", "th", "kana", "han", "ko"]

    /// The index in `scriptNames` of a scalar's script, if any.
    private static func scriptIndex(of scalar: UInt32) -> Int? {
        switch scalar {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF: return 0
        case 0x0370...0x03FF, 0x1F00...0x1FFF: return 1
        case 0x0400...0x04FF: return 2
        case 0x0590...0x05FF: return 3
        case 0x0600...0x06FF, 0x0750...0x077F: return 4
        case 0x0900...0x097F: return 5
        case 0x0E00...0x0E7F: return 6
        case 0x3040...0x30FF: return 7
        case 0x4E00...0x9FFF, 0x3400...0x4DBF: return 8
        case 0xAC00...0xD7AF: return 9
        default: return nil
        }
    }
}

extension Book {
    /// The language the book names, else the one its text is found to be in.
    public var language: String? { metadata.language ?? LanguageDetector.detect(in: text) }
}
