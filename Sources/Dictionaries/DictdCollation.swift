/// The order of a dictd index, which its binary search must share: dictd
/// compares headwords case-insensitively and, unless the database says
/// `00-database-allchars`, only by their letters, digits and spaces (as
/// `dictfmt` sorts them, `sort -df`). A `00-database-utf8` database keeps
/// letters beyond ASCII; an 8-bit one in the C locale drops them.
enum DictdCollation: Equatable {
    case lettersDigitsAndSpaces
    case unicodeLettersDigitsAndSpaces
    case allCharacters

    /// The collation the first lines of an index declare (dictd's
    /// `00-database-*` entries sort first).
    static func declared(byIndexHead head: [UInt8]) -> DictdCollation {
        let headwords = head.split(separator: UInt8(ascii: "\n")).map { line in
            String(decoding: line.prefix { $0 != UInt8(ascii: "\t") }, as: UTF8.self)
        }
        if headwords.contains(where: { $0 == "00-database-allchars" || $0 == "00databaseallchars" }) { return .allCharacters }
        if headwords.contains(where: { $0 == "00-database-utf8" || $0 == "00databaseutf8" }) { return .unicodeLettersDigitsAndSpaces }
        return .lettersDigitsAndSpaces
    }

    /// The bytes two headwords are compared by.
    func key<Headword: Collection<UInt8>>(_ headword: Headword) -> [UInt8] {
        switch self {
        case .lettersDigitsAndSpaces:
            var key: [UInt8] = []
            key.reserveCapacity(headword.count)
            for byte in headword {
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): key.append(byte + 32)
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: " "): key.append(byte)
                default: continue
                }
            }
            return key
        case .unicodeLettersDigitsAndSpaces:
            let kept = String(decoding: headword, as: UTF8.self).lowercased().unicodeScalars.filter { scalar in
                scalar == " " || scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            }
            return Array(String(String.UnicodeScalarView(kept)).utf8)
        case .allCharacters:
            return headword.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 + 32 : $0 }
        }
    }
}

