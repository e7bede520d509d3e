import StyleSheets

/// Text the reader writes for the book: list markers, quotation marks of
/// `q`, and `text-transform`.
enum GeneratedText {
    /// The marker of list item `number` under `list-style-type` `type`.
    static func listMarker(type: String, number: Int) -> String {
        switch type {
        case "none": return ""
        case "disc": return "\u{2022}"
        case "circle": return "\u{25E6}"
        case "square": return "\u{25AA}"
        case "decimal": return "\(number)."
        case "decimal-leading-zero": return number < 10 && number >= 0 ? "0\(number)." : "\(number)."
        case "lower-alpha", "lower-latin": return alphabetic(number, from: "a").map { $0 + "." } ?? "\(number)."
        case "upper-alpha", "upper-latin": return alphabetic(number, from: "A").map { $0 + "." } ?? "\(number)."
        case "lower-roman": return roman(number).map { $0.lowercased() + "." } ?? "\(number)."
        case "upper-roman": return roman(number).map { $0 + "." } ?? "\(number)."
        case "lower-greek": return greek(number).map { $0 + "." } ?? "\(number)."
        default: return "\u{2022}"
        }
    }

    private static func alphabetic(_ number: Int, from first: Unicode.Scalar) -> String? {
        guard number > 0 else { return nil }
        var value = number
        var letters: [Unicode.Scalar] = []
        while value > 0 {
            value -= 1
            letters.append(Unicode.Scalar(first.value + UInt32(value % 26)) ?? first)
            value /= 26
        }
        return String(String.UnicodeScalarView(letters.reversed()))
    }

    private static func greek(_ number: Int) -> String? {
        let letters = Array("αβγδεζηθικλμνξοπρστυφχψω")
        guard number > 0, number <= letters.count else { return nil }
        return String(letters[number - 1])
    }

    private static func roman(_ number: Int) -> String? {
        guard (1...3999).contains(number) else { return nil }
        let values = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"), (40, "XL"),
                      (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
        var rest = number
        var text = ""
        for (value, letters) in values {
            while rest >= value { text += letters; rest -= value }
        }
        return text
    }

    /// Opening and closing quotation marks for `q` in `language`, outer
    /// or nested. A text whose language is not given gets English marks.
    static func quotationMarks(language: String?, nested: Bool) -> (open: String, close: String) {
        let primary = (language ?? "en").lowercased().split(separator: "-").first.map(String.init) ?? "en"
        switch primary {
        case "fr": return nested ? ("\u{201C}", "\u{201D}") : ("\u{AB}\u{A0}", "\u{A0}\u{BB}")
        case "de", "cs", "sk", "sl", "hr", "is", "lt":
            return nested ? ("\u{201A}", "\u{2018}") : ("\u{201E}", "\u{201C}")
        case "ru", "uk", "be", "es", "it", "pt", "ca", "el", "nb", "no", "nn", "ar", "fa":
            return nested ? ("\u{201E}", "\u{201C}") : ("\u{AB}", "\u{BB}")
        case "ja", "zh":
            return nested ? ("\u{300E}", "\u{300F}") : ("\u{300C}", "\u{300D}")
        case "pl", "hu", "ro", "nl":
            return nested ? ("\u{AB}", "\u{BB}") : ("\u{201E}", "\u{201D}")
        default:
            return nested ? ("\u{2018}", "\u{2019}") : ("\u{201C}", "\u{201D}")
        }
    }

    /// `text` as `text-transform` shows it. `afterLetter` says whether the
    /// text before it ended inside a word (for `capitalize`), and is
    /// updated to say whether this text does.
    static func transform(_ text: String, _ transform: ComputedStyle.TextTransform, afterLetter: inout Bool) -> String {
        switch transform {
        case .none:
            if let last = text.unicodeScalars.last { afterLetter = isWordScalar(last) }
            return text
        case .uppercase:
            if let last = text.unicodeScalars.last { afterLetter = isWordScalar(last) }
            return text.uppercased()
        case .lowercase:
            if let last = text.unicodeScalars.last { afterLetter = isWordScalar(last) }
            return text.lowercased()
        case .capitalize:
            var result = ""
            for character in text {
                let isWord = character.unicodeScalars.first.map(isWordScalar) ?? false
                result += isWord && !afterLetter ? character.uppercased() : String(character)
                afterLetter = isWord
            }
            return result
        case .fullWidth:
            var result = String.UnicodeScalarView()
            for scalar in text.unicodeScalars {
                // ASCII graphic characters have full-width forms at U+FF01...U+FF5E (spaces stay, to collapse).
                if (0x21...0x7E).contains(scalar.value), let wide = Unicode.Scalar(scalar.value + 0xFEE0) {
                    result.append(wide)
                } else {
                    result.append(scalar)
                }
            }
            if let last = text.unicodeScalars.last { afterLetter = isWordScalar(last) }
            return String(result)
        }
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "'" || scalar == "\u{2019}"
    }
}
