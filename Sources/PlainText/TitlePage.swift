/// The title and author a plain-text book's title page gives: the short
/// lines before its contents or first chapter, such as "Alice's
/// Adventures in Wonderland / by Lewis Carroll", "DIE VERWANDLUNG / VON /
/// FRANZ KAFKA" or "Антон Чехов / ДУЭЛЬ".
///
/// The rules, in order:
/// - Lines are read until the contents ("Contents", "Inhalt",
///   "Содержание", ...) or the first line of prose (over 80 characters);
///   bracketed notes ("[Illustration]") and rules of stars are skipped.
/// - A line "by NAME" (or "von", "par", "de", "di", "door", "av", "af",
///   "por") names the author; such a word alone on its line puts the
///   author on the next line. The title is the first line before it.
/// - Without such a word, of the first two lines the one in capitals is
///   the title and the other the author when it reads as a name (two to
///   four capitalised words); else the first line is the title and the
///   second the author when it reads as a name.
/// - A title or name set in capitals is shown in title case.
public enum TitlePage {
    static let authorWords: Set<String> = ["by", "von", "par", "de", "di", "door", "av", "af", "por"]
    static let contentsWords: Set<String> = ["contents", "table of contents", "inhalt", "inhaltsverzeichnis",
                                             "table des matières", "table des matieres", "содержание", "оглавление",
                                             "índice", "indice", "sommaire", "目次", "目录"]
    /// Longer lines are prose: the title page is over.
    static let longestLine = 80
    /// Lines looked at, at most.
    static let linesRead = 40

    public struct Names: Equatable, Sendable {
        public var title: String?
        public var author: String?

        public init(title: String?, author: String?) {
            self.title = title
            self.author = author
        }
    }

    /// The title and author in `lines`, the text before the first chapter.
    public static func names(in lines: [String]) -> Names {
        let candidates = titleLines(lines)
        guard !candidates.isEmpty else { return Names(title: nil, author: nil) }
        if let (index, author) = authorAfterMarker(candidates) {
            let title = index > 0 ? candidates[0] : nil
            return Names(title: title.map(readable), author: author.map(readable))
        }
        let first = candidates[0]
        guard candidates.count > 1 else { return Names(title: readable(first), author: nil) }
        let second = candidates[1]
        if isCapitals(second), !isCapitals(first), isName(first) {
            return Names(title: readable(second), author: readable(first))
        }
        return Names(title: readable(first), author: isName(second) ? readable(second) : nil)
    }

    /// The short lines of the title page, trimmed, in order.
    static func titleLines(_ lines: [String]) -> [String] {
        var result: [String] = []
        for raw in lines.prefix(linesRead * 3) {
            let line = trimmed(raw)
            if line.isEmpty { continue }
            if contentsWords.contains(line.lowercased().trimmingSuffix(":")) { break }
            if line.count > longestLine { break }
            if line.hasPrefix("[") || line.allSatisfy({ !$0.isLetter && !$0.isNumber }) { continue }
            result.append(line)
            if result.count == linesRead { break }
        }
        return result
    }

    /// Where the author marker is among `lines`, with the name it gives.
    private static func authorAfterMarker(_ lines: [String]) -> (Int, String?)? {
        for (index, line) in lines.enumerated() {
            let words = line.split(separator: " ", maxSplits: 1).map(String.init)
            guard let first = words.first, authorWords.contains(first.lowercased()) else { continue }
            // "de" and "di" also start titles ("De la terre à la lune"): only after a title line.
            if index == 0 { continue }
            if words.count == 2 { return (index, words[1]) }
            return (index, lines.indices.contains(index + 1) ? lines[index + 1] : nil)
        }
        return nil
    }

    /// Two to four words, each starting with a capital (or an initial such
    /// as "J."), no digits, not a sentence.
    static func isName(_ line: String) -> Bool {
        let words = line.split(separator: " ")
        guard (2...4).contains(words.count), line.count <= 48, !line.contains(where: \.isNumber) else { return false }
        if line.hasSuffix("."), words.last.map({ $0.count > 2 }) == true { return false }
        return words.allSatisfy { word in
            guard let first = word.first(where: \.isLetter) else { return false }
            return first.isUppercase && word.allSatisfy { $0.isLetter || ".-'’".contains($0) }
        }
    }

    /// Letters, and every one of them a capital.
    static func isCapitals(_ line: String) -> Bool {
        let letters = line.filter(\.isLetter)
        return !letters.isEmpty && letters.allSatisfy { $0.isUppercase || !$0.isCased }
    }

    /// A line in capitals in title case ("DIE VERWANDLUNG" -> "Die
    /// Verwandlung"); a line in mixed case as it is.
    static func readable(_ line: String) -> String {
        guard isCapitals(line), line.contains(where: \.isCased) else { return line }
        let smallWords: Set<String> = ["a", "an", "and", "as", "at", "by", "for", "from", "in", "of", "on", "or", "the",
                                       "to", "with", "und", "von", "der", "die", "das", "den", "des", "im", "et", "la",
                                       "le", "les", "du", "en", "и", "в"]
        let words = line.split(separator: " ", omittingEmptySubsequences: false)
        return words.enumerated().map { index, word -> String in
            let lower = word.lowercased()
            if index > 0, smallWords.contains(lower) { return lower }
            // Roman numerals stay as they are ("Henry VIII", "Book II").
            if word.count > 1, word.allSatisfy({ "IVXLCDM".contains($0) }) { return String(word) }
            guard let first = lower.first else { return lower }
            return first.uppercased() + lower.dropFirst()
        }.joined(separator: " ")
    }

    private static func trimmed(_ line: String) -> String {
        let drop: (Character) -> Bool = { $0.isWhitespace || $0 == "\u{FEFF}" || $0 == "_" }
        return String(line.drop(while: drop).reversed().drop(while: drop).reversed())
    }
}

private extension Character {
    var isCased: Bool { isUppercase || isLowercase }
}

private extension String {
    func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}
