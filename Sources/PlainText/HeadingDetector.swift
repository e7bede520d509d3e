import BookModel
import Glibc

/// Recognises chapter headings ("CHAPTER I.", "BOOK ONE: 1805", "I.",
/// "Глава 3", "第一回") and tells them from a table of contents.
enum HeadingDetector {
    struct Candidate {
        var title: String
        /// The first line, normalised: what a table of contents repeats.
        var key: String
        var offset: Int
        var paragraphIndex: Int
        /// 1 for volumes, books and parts; 2 for chapters; 3 for sections.
        var rank: Int
    }

    /// What a block of lines is.
    enum Block: Equatable {
        case heading(title: String, key: String, rank: Int)
        /// Several heading lines in one block: a table of contents.
        case contentsList
        case text
    }

    /// Headings are short blocks: at most this many lines and columns.
    static let maximumLines = 3
    static let maximumColumns = 80
    /// Less text than this between two headings marks a list of headings.
    static let minimumChapterText = 160

    private static let keywords: [String] = [
        "CHAPTER", "Chapter", "BOOK", "Book", "PART", "Part", "VOLUME", "Volume",
        "EPILOGUE", "Epilogue", "PROLOGUE", "Prologue", "FIRST EPILOGUE", "SECOND EPILOGUE",
        "ГЛАВА", "Глава", "ЧАСТЬ", "Часть", "KAPITEL", "Kapitel", "TEIL", "Teil",
        "CHAPITRE", "Chapitre", "LIVRE", "Livre", "CAPÍTULO", "Capítulo", "CAPITOLO", "Capitolo",
    ]

    /// A heading (its title, the lines joined by spaces, and the key a
    /// contents entry for it shares), a contents list, or text.
    static func classify(_ block: ArraySlice<SourceLine>, utf8: [UInt8]) -> Block {
        guard let first = block.first, first.mayBeHeading,
              block.allSatisfy({ $0.columns <= maximumColumns }) else { return .text }
        let firstLine = text(of: first, utf8: utf8)
        guard isHeadingLine(firstLine) else { return .text }
        // Several heading-like lines in one block are a list of contents.
        let headingLines = block.dropFirst().filter { $0.mayBeHeading && isHeadingLine(text(of: $0, utf8: utf8)) }.count
        if headingLines > 0 { return headingLines + 1 >= block.count - headingLines ? .contentsList : .text }
        guard block.count <= maximumLines else { return .text }
        return .heading(title: block.map { text(of: $0, utf8: utf8) }.joined(separator: " "),
                        key: numberKey(firstLine), rank: rank(of: firstLine))
    }

    /// The keyword and number a heading starts with ("CHAPTER I. The
    /// Start" gives "CHAPTERI"): a contents entry and its chapter share it
    /// whatever titles follow.
    static func numberKey(_ line: String) -> String {
        // Most headings are ASCII: the same key, found byte by byte.
        if line.utf8.allSatisfy({ $0 < 0x80 }) { return asciiNumberKey(Array(line.utf8)) }
        let words = line.split(separator: " ")
        var count = 1
        if let keyword = keywords.first(where: { line.hasPrefix($0) }) {
            count = keyword.split(separator: " ").count + 1
        }
        var kept = words.prefix(count).map(String.init)
        if var last = kept.popLast() {
            while let end = last.last, end == "." || end == ":" || end == "," { last.removeLast() }
            kept.append(last)
        }
        return normalised(kept.joined(separator: " "))
    }

    /// `numberKey` of an ASCII line: the words are split at spaces and
    /// compared as bytes, which for ASCII is what the string operations do.
    private static func asciiNumberKey(_ line: [UInt8]) -> String {
        var count = 1
        if let keyword = asciiKeywords.first(where: { line.starts(with: $0) }) {
            count = keyword.split(separator: UInt8(ascii: " ")).count + 1
        }
        var kept = Array(line.split(separator: UInt8(ascii: " ")).prefix(count))
        if var last = kept.popLast() {
            while let end = last.last, end == UInt8(ascii: ".") || end == UInt8(ascii: ":") || end == UInt8(ascii: ",") {
                last = last.dropLast()
            }
            kept.append(last)
        }
        var key: [UInt8] = []
        for (index, word) in kept.enumerated() {
            if index > 0 { key.append(UInt8(ascii: " ")) }
            key += word
        }
        return normalised(String(decoding: key, as: UTF8.self))
    }

    private static let asciiKeywords: [[UInt8]] = keywords.filter { $0.utf8.allSatisfy { $0 < 0x80 } }.map { Array($0.utf8) }

    private static let volumeKeywords: [String] = [
        "BOOK", "Book", "PART", "Part", "VOLUME", "Volume", "ЧАСТЬ", "Часть", "TEIL", "Teil", "LIVRE", "Livre",
    ]
    private static let frameKeywords: [String] = [
        "EPILOGUE", "Epilogue", "PROLOGUE", "Prologue", "FIRST EPILOGUE", "SECOND EPILOGUE",
    ]

    /// 1 for a volume, book or part; 2 for a chapter; 0 for a prologue or
    /// epilogue, which sits at the level of whichever of those the book has.
    private static func rank(of line: String) -> Int {
        func starts(with keyword: String) -> Bool {
            guard line.hasPrefix(keyword) else { return false }
            let rest = line.dropFirst(keyword.count)
            return rest.isEmpty || rest.first == " " || rest.first == "." || rest.first == ":"
        }
        if volumeKeywords.contains(where: starts) { return 1 }
        if frameKeywords.contains(where: starts) { return 0 }
        return 2
    }

    /// Chapters with their levels: ranks used in the book numbered from 1.
    static func levelled(_ candidates: [Candidate]) -> [Chapter] {
        let hasVolumes = candidates.contains { $0.rank == 1 }
        let ranks = Set(candidates.map { $0.rank == 0 ? (hasVolumes ? 1 : 2) : $0.rank }).sorted()
        return candidates.map { candidate in
            let rank = candidate.rank == 0 ? (hasVolumes ? 1 : 2) : candidate.rank
            return Chapter(title: candidate.title, offset: candidate.offset, level: (ranks.firstIndex(of: rank) ?? 0) + 1)
        }
    }

    /// A byte test that rules out almost every line before any string is
    /// made: headings start with a keyword's capital, a roman or arabic
    /// numeral, a Cyrillic capital or 第.
    static func mayStartHeading(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        case UInt8(ascii: "B"), UInt8(ascii: "C"), UInt8(ascii: "E"), UInt8(ascii: "F"), UInt8(ascii: "I"),
             UInt8(ascii: "K"), UInt8(ascii: "L"), UInt8(ascii: "P"), UInt8(ascii: "S"), UInt8(ascii: "T"),
             UInt8(ascii: "V"), UInt8(ascii: "X"):
            return true
        case 0xD0, 0xE7: return true // Г, Ч (Cyrillic) and 第
        default: return false
        }
    }

    /// The first words of the keywords as bytes, and 第, listed under
    /// their first byte.
    private static let headingStartsByLead: [[[UInt8]]] = {
        var table = [[[UInt8]]](repeating: [], count: 256)
        for start in keywords.map({ Array($0.prefix { $0 != " " }.utf8) }) + [[0xE7, 0xAC, 0xAC]]
            where !table[Int(start[0])].contains(start) {
            table[Int(start[0])].append(start)
        }
        return table
    }()

    /// A test on a line's bytes after its indent (trailing space allowed)
    /// that holds for every line `isHeadingLine` accepts, so most lines are
    /// ruled out before a string is made.
    static func mayBeHeadingLine(ink line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = line.baseAddress, let lead = line.first, mayStartHeading(lead) else { return false }
        var count = line.count
        while count > 0, start[count - 1] == 0x20 || start[count - 1] == 0x09 { count -= 1 }
        for keyword in headingStartsByLead[Int(lead)] where count >= keyword.count {
            // Keywords are not empty.
            if keyword.withUnsafeBufferPointer({ memcmp($0.baseAddress!, start, $0.count) }) == 0 { return true }
        }
        let ink = UnsafeBufferPointer(start: start, count: count)
        if count <= 9, ink.allSatisfy({ isRomanNumeralByte($0) || $0 == UInt8(ascii: ".") }) { return true }
        return count <= 4 && ink.allSatisfy { (0x30...0x39).contains($0) || $0 == UInt8(ascii: ".") }
    }

    private static func isRomanNumeralByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "I"), UInt8(ascii: "V"), UInt8(ascii: "X"), UInt8(ascii: "L"), UInt8(ascii: "C"): return true
        default: return false
        }
    }

    static func isHeadingLine(_ line: String) -> Bool {
        for keyword in keywords where line.hasPrefix(keyword) {
            let rest = line.dropFirst(keyword.count)
            if rest.isEmpty { return true }
            if let next = rest.first, next == " " || next == "." || next == ":" { return true }
        }
        let bare = line.hasSuffix(".") ? String(line.dropLast()) : line
        if !bare.isEmpty, bare.count <= 8, bare.allSatisfy({ "IVXLC".contains($0) }) { return true }
        if !bare.isEmpty, bare.count <= 3, bare.allSatisfy(\.isASCIIDigit) { return true }
        if line.hasPrefix("第"), let marker = line.dropFirst().firstIndex(where: { "回章卷節节".contains($0) }),
           line.distance(from: line.startIndex, to: marker) <= 6 {
            return line[line.index(after: line.startIndex)..<marker].allSatisfy { "一二三四五六七八九十百千零〇0123456789".contains($0) }
        }
        return false
    }

    /// Keeps the candidates that start chapters. A candidate is an entry of
    /// a table of contents when little text follows it before the next
    /// candidate and a heading with the same number appears later in the
    /// book. Such an entry opens a contents list that runs until the
    /// heading its first entry names: inside it, every candidate that is
    /// named again later or has little text after it is an entry too (the
    /// last entry, followed by a preface; an entry whose chapter is
    /// misnumbered).
    static func chapters(from candidates: [Candidate], paragraphs: [Paragraph]) -> [Candidate] {
        var remaining: [String: Int] = [:]
        for candidate in candidates { remaining[candidate.key, default: 0] += 1 }
        var repeatsLater = [Bool](repeating: false, count: candidates.count)
        var isShort = [Bool](repeating: false, count: candidates.count)
        for (index, candidate) in candidates.enumerated() {
            remaining[candidate.key, default: 1] -= 1
            repeatsLater[index] = (remaining[candidate.key] ?? 0) > 0
            let nextOffset = index + 1 < candidates.count ? candidates[index + 1].offset : Int.max
            isShort[index] = textLength(after: candidate.paragraphIndex, before: nextOffset, in: paragraphs) < minimumChapterText
        }
        var result: [Candidate] = []
        var listEnd: String? = nil
        for (index, candidate) in candidates.enumerated() {
            if listEnd == candidate.key { listEnd = nil }
            if listEnd != nil, isShort[index] || repeatsLater[index] { continue }
            if isShort[index], repeatsLater[index] {
                listEnd = candidate.key
                continue
            }
            if isShort[index], isBareNumber(candidate.title) { continue }
            result.append(candidate)
        }
        return result
    }

    private static func textLength(after paragraphIndex: Int, before offset: Int, in paragraphs: [Paragraph]) -> Int {
        var total = 0
        var index = paragraphIndex + 1
        while index < paragraphs.count, paragraphs[index].scalars.lowerBound < offset, total < minimumChapterText {
            if paragraphs[index].style != .heading { total += paragraphs[index].scalars.count }
            index += 1
        }
        return total
    }

    /// "IV", "12.": such a line with no text after it is a footnote mark or a list.
    private static func isBareNumber(_ title: String) -> Bool {
        title.allSatisfy { "IVXLC0123456789.".contains($0) }
    }

    private static func normalised(_ title: String) -> String {
        // Most titles are ASCII: upper-cased and stripped byte by byte, not
        // through Unicode properties.
        if title.utf8.allSatisfy({ $0 < 0x80 }) {
            let kept = title.utf8.compactMap { byte -> UInt8? in
                switch byte {
                case 0x09...0x0D, 0x20, UInt8(ascii: "."): return nil
                case UInt8(ascii: "a")...UInt8(ascii: "z"): return byte - 0x20
                default: return byte
                }
            }
            return String(decoding: kept, as: UTF8.self)
        }
        return title.uppercased().filter { !$0.isWhitespace && $0 != "." }
    }

    private static func text(of line: SourceLine, utf8: [UInt8]) -> String {
        String(decoding: utf8[line.bytes], as: UTF8.self)
            .split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
