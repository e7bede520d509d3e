/// Aozora Bunko's annotations that shape blocks rather than characters:
/// `［＃「一」は中見出し］` headings, `［＃ここから２字下げ］` ... `［＃ここで字下げ終わり］`
/// and `［＃２字下げ］` indents, `［＃改ページ］` page breaks, and the file's
/// frame (the notes on the notation between two rules of dashes, the
/// colophon from `底本：` on).
enum AozoraBlocks {
    /// What a line holding nothing but one annotation does to what follows.
    enum Command: Equatable {
        case indentFrom(Int)
        case indentEnd
        case pageBreak
        /// Any other annotation on a line of its own: not shown.
        case ignored
    }

    /// The bytes of `［＃`, which opens every annotation.
    static let annotationOpening: [UInt8] = Array("［＃".utf8)

    /// The command of a line that is one annotation and nothing else, or
    /// nil when the line holds text.
    static func command(ofLine text: Substring) -> Command? {
        guard text.hasPrefix("［＃"), text.hasSuffix("］"),
              text.dropFirst().firstIndex(of: "［") == nil else { return nil }
        let body = text.dropFirst(2).dropLast()
        if body.hasPrefix("ここから"), body.hasSuffix("字下げ"), let count = number(in: body.dropFirst(4).dropLast(3)) {
            return .indentFrom(count)
        }
        if body.hasPrefix("ここで"), body.hasSuffix("字下げ終わり") { return .indentEnd }
        if body == "改ページ" || body == "改丁" || body == "改見開き" { return .pageBreak }
        return .ignored
    }

    /// The indent a line opens with (`［＃３字下げ］...`), in ems.
    static func leadingIndent(_ text: Substring) -> Int? {
        guard text.hasPrefix("［＃"), let close = text.firstIndex(of: "］") else { return nil }
        let body = text[text.index(text.startIndex, offsetBy: 2)..<close]
        guard body.hasSuffix("字下げ") else { return nil }
        return number(in: body.dropLast(3))
    }

    /// A heading's title and rank (1 大見出し, 2 中見出し, 3 小見出し) from
    /// `X［＃「X」は中見出し］` or `［＃中見出し］X［＃中見出し終わり］`.
    static func heading(in text: Substring) -> (title: String, rank: Int)? {
        for (name, rank) in [("大見出し", 1), ("中見出し", 2), ("小見出し", 3)] {
            if let quoted = text.firstRange(of: "」は" + name + "］"),
               let open = text[..<quoted.lowerBound].lastRange(of: "［＃「") {
                return (String(text[open.upperBound..<quoted.lowerBound]), rank)
            }
            if let open = text.firstRange(of: "［＃" + name + "］") {
                let rest = text[open.upperBound...]
                let end = rest.firstRange(of: "［＃")?.lowerBound ?? rest.endIndex
                return (String(rest[..<end]), rank)
            }
        }
        return nil
    }

    /// A count written in full-width, ASCII or kanji digits (２, 2, 二, 十).
    static func number(in text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 4 else { return nil }
        var value = 0
        var sawTen = false
        for character in text {
            if let digit = "０１２３４５６７８９".firstIndex(of: character) {
                value = value * 10 + "０１２３４５６７８９".distance(from: "０１２３４５６７８９".startIndex, to: digit)
            } else if let digit = character.wholeNumberValue, character.isASCII {
                value = value * 10 + digit
            } else if let digit = "〇一二三四五六七八九".firstIndex(of: character) {
                value = value + "〇一二三四五六七八九".distance(from: "〇一二三四五六七八九".startIndex, to: digit)
            } else if character == "十", !sawTen {
                value = max(1, value) * 10
                sawTen = true
            } else {
                return nil
            }
        }
        return min(value, 40)
    }

    /// A rule of dashes that frames the notes on the notation.
    static func isRule(_ text: Substring) -> Bool {
        text.count >= 20 && text.allSatisfy { $0 == "-" }
    }

    static let notesTitle = "【テキスト中に現れる記号について】"
    static let colophonStart = "底本："
}

private extension Substring {
    func lastRange(of target: String) -> Range<Index>? {
        var found: Range<Index>? = nil
        var rest = self
        while let range = rest.firstRange(of: target) {
            found = range
            rest = rest[range.upperBound...]
        }
        return found
    }
}
