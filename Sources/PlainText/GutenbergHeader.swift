import BookModel

/// Project Gutenberg's frame around a book: a header that ends with a
/// `*** START OF THE PROJECT GUTENBERG EBOOK ... ***` line and names the
/// title, author and language, and a licence after the `*** END OF ...` line.
enum GutenbergHeader {
    enum Marker: Equatable { case start, end }

    /// The marker a line is, if any. Only lines whose text starts with `*`
    /// are read as text.
    static func marker(_ line: SourceLine, utf8: [UInt8]) -> Marker? {
        let ink = line.bytes.lowerBound + line.indent
        guard ink + 3 <= line.bytes.upperBound, utf8[ink] == UInt8(ascii: "*"),
              utf8[ink + 1] == UInt8(ascii: "*"), utf8[ink + 2] == UInt8(ascii: "*") else { return nil }
        let text = String(decoding: utf8[ink..<line.bytes.upperBound], as: UTF8.self).uppercased()
        let words = text.drop { $0 == "*" || $0 == " " }
        guard text.contains("GUTENBERG") else { return nil }
        if words.hasPrefix("START OF") { return .start }
        if words.hasPrefix("END OF") { return .end }
        return nil
    }

    /// Title, authors and language from the header's `Title:`, `Author:`
    /// and `Language:` fields; a field goes on over indented lines.
    static func metadata(header lines: ArraySlice<SourceLine>, utf8: [UInt8]) -> BookMetadata {
        var metadata = BookMetadata()
        var fields: [(name: String, value: String)] = []
        for line in lines {
            let text = String(decoding: utf8[line.bytes], as: UTF8.self)
            if line.isBlank { fields.append(("", "")); continue }
            if line.indent > 0, let last = fields.last, !last.name.isEmpty {
                fields[fields.count - 1].value += " " + trimmed(text)
                continue
            }
            guard let colon = text.firstIndex(of: ":") else { fields.append(("", "")); continue }
            fields.append((String(text[..<colon]).lowercased(), trimmed(String(text[text.index(after: colon)...]))))
        }
        for field in fields where !field.value.isEmpty {
            switch field.name {
            case "title" where metadata.title == nil:
                metadata.title = field.value
            case "author", "authors":
                metadata.authors += authors(in: field.value)
            case "language" where metadata.language == nil:
                metadata.language = languageCode(forName: field.value)
            default:
                break
            }
        }
        return metadata
    }

    /// "A and B", "A; B", "A, B and C" name several authors.
    static func authors(in value: String) -> [String] {
        var names: [String] = []
        for part in value.split(separator: ";") {
            let pieces = part.replacing(" and ", with: ",").split(separator: ",").map { trimmed(String($0)) }
            // "Tolstoy, Leo" is one name: only split on commas when "and" did too.
            if part.contains(" and ") { names += pieces.filter { !$0.isEmpty } } else { names.append(trimmed(String(part))) }
        }
        return names.filter { !$0.isEmpty }
    }

    /// The BCP 47 code for a language as the header names it in English.
    static func languageCode(forName name: String) -> String? {
        let codes: [String: String] = [
            "english": "en", "french": "fr", "german": "de", "spanish": "es", "italian": "it",
            "portuguese": "pt", "dutch": "nl", "russian": "ru", "chinese": "zh", "japanese": "ja",
            "finnish": "fi", "swedish": "sv", "danish": "da", "norwegian": "no", "polish": "pl",
            "latin": "la", "greek": "el", "hungarian": "hu", "czech": "cs", "esperanto": "eo",
            "catalan": "ca", "korean": "ko", "hebrew": "he", "arabic": "ar", "tagalog": "tl",
        ]
        let first = name.split(whereSeparator: { $0 == "," || $0 == ";" || $0 == " " }).first.map(String.init) ?? name
        return codes[first.lowercased()]
    }

    private static func trimmed(_ text: String) -> String {
        String(text.drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }
}
