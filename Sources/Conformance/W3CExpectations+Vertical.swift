import BookModel
import Geometry
import Typesetting

/// The vertical-writing tests, judged by where the reader set each
/// character of the test paragraphs and how it drew it.
extension W3CExpectations {
    static let vertical: [W3CExpectation] = [
        W3CExpectation(
            "css-epub-writing-mode",
            statement: "This test passes if this text renders vertically starting from the right-hand side of the page.",
            expected: "paragraph 1 in horizontal lines, 2 in columns from the right, 3 in columns from the left",
            judge: .program { context in
                let book = context.book()
                let verdicts = [("1. これはテストです", VerticalJudges.Lines.horizontal),
                                ("2. これはテストです", .columnsFromRight), ("3. これはテストです", .columnsFromLeft)]
                    .map { VerticalJudges.lines(of: $0.0, in: book, run: $0.1) }
                return Verdict.all(verdicts)
            }),
        W3CExpectation(
            "css-epub-text-orientation",
            statement: "This test passes if the English text appears to be turned 90 degrees while the Japanese text is vertical.",
            expected: "mixed: Japanese upright and English turned; upright: both upright; sideways: both turned",
            judge: .program { context in
                let book = context.book()
                let cases: [(String, Bool, Bool)] = [("1. これはテストです。", false, true), ("2. これはテストです。", false, false),
                                                      ("3. これはテストです。", true, true), ("4. これはテストです。", true, true)]
                return Verdict.all(cases.map { paragraph, japaneseTurned, englishTurned in
                    VerticalJudges.orientation(of: paragraph, in: book, japaneseTurned: japaneseTurned, englishTurned: englishTurned)
                })
            }),
        W3CExpectation(
            "css-epub-text-combine-horizontal",
            statement: "This test passes if the text next paragraph renders vertically with each digit appearing individually.",
            expected: "101112 digit by digit down the column where combining is none; 10, 11 and 12 each in one character's space where it is all or horizontal",
            judge: .program { context in
                let book = context.book()
                return Verdict.all([VerticalJudges.digits(in: book, occurrence: 0, paired: false),
                                    VerticalJudges.digits(in: book, occurrence: 1, paired: true),
                                    VerticalJudges.digits(in: book, occurrence: 2, paired: false),
                                    VerticalJudges.digits(in: book, occurrence: 3, paired: true)])
            }),
    ]
}

extension Verdict {
    /// Passed when every one of `verdicts` passed; what each saw, in order.
    static func all(_ verdicts: [Verdict]) -> Verdict {
        Verdict(!verdicts.isEmpty && verdicts.allSatisfy(\.passed), verdicts.map(\.observed).joined(separator: "; "))
    }
}

enum VerticalJudges {
    enum Lines { case horizontal, columnsFromRight, columnsFromLeft }

    /// The book offsets of the `occurrence`th place `phrase` is in the book's text.
    static func offsets(of phrase: String, in book: Book, occurrence: Int = 0) -> Range<Int>? {
        let wanted = Array(phrase.unicodeScalars)
        var seen = 0
        for paragraph in book.paragraphs {
            let scalars = Array(book.string(of: paragraph).unicodeScalars)
            guard scalars.count >= wanted.count else { continue }
            for start in 0...(scalars.count - wanted.count) where scalars[start..<(start + wanted.count)].elementsEqual(wanted) {
                if seen == occurrence {
                    let first = paragraph.scalars.lowerBound + start
                    return first..<(first + wanted.count)
                }
                seen += 1
            }
        }
        return nil
    }

    /// The page the characters of `range` are set on and the rectangle of each of their lines, in order.
    static func placement(of range: Range<Int>, in book: ObservedBook) -> (page: Int, rects: [PixelRect])? {
        for (index, page) in book.pages.enumerated() {
            let rects = page.placed.rects(covering: range)
            if !rects.isEmpty { return (index, rects) }
        }
        return nil
    }

    /// The paragraph starting `phrase` runs as `run` says: lines wider than
    /// tall one below the other, or columns taller than wide from one side.
    static func lines(of phrase: String, in observed: ObservedBook, run: Lines) -> Verdict {
        guard let book = observed.book, let start = offsets(of: phrase, in: book) else {
            return Verdict(false, "\"\(phrase)\" is not in the book")
        }
        let paragraph = book.paragraphs.first { $0.scalars.contains(start.lowerBound) }?.scalars ?? start
        guard let (page, rects) = placement(of: paragraph, in: observed), let first = rects.first, let last = rects.last else {
            return Verdict(false, "\"\(phrase)\" is on no page")
        }
        let width = observed.geometry.width
        let standing = rects.filter { $0.height > $0.width }.count
        let seen = "\"\(phrase)\" on page \(page + 1): \(rects.count) lines, \(standing) standing, the first at x \(first.x), the last at x \(last.x)"
        switch run {
        case .horizontal:
            return Verdict(standing == 0 && (rects.count == 1 || first.y < last.y), seen + " (horizontal lines wanted)")
        case .columnsFromRight:
            return Verdict(standing == rects.count && rects.count > 1 && first.x > last.x && first.maxX > width / 2,
                           seen + " (columns from the right wanted)")
        case .columnsFromLeft:
            return Verdict(standing == rects.count && rects.count > 1 && first.x < last.x && first.x < width / 2,
                           seen + " (columns from the left wanted)")
        }
    }

    /// The Japanese and English of the paragraph starting `phrase` are drawn turned or upright as asked.
    static func orientation(of phrase: String, in observed: ObservedBook, japaneseTurned: Bool, englishTurned: Bool) -> Verdict {
        let sentence = "This test passes"
        guard let book = observed.book, let japanese = offsets(of: phrase, in: book),
              let english = offsets(of: sentence, in: book, occurrence: Int(String(phrase.prefix(1))).map { $0 - 1 } ?? 0),
              let page = observed.pages.first(where: { $0.placed.isSideways(japanese.lowerBound + 3) != nil }) else {
            return Verdict(false, "\"\(phrase)\" is on no page")
        }
        // The Japanese after the number, and the English letters (not its spaces).
        let kana = (japanese.lowerBound + 3)..<(japanese.upperBound - 1)
        let letters = zip(english, sentence.unicodeScalars).filter { $0.1 != " " }.map(\.0)
        let kanaTurned = kana.compactMap { page.placed.isSideways($0) }
        let lettersTurned = letters.compactMap { page.placed.isSideways($0) }
        let passed = page.writingMode.isVertical && kanaTurned.count == kana.count && lettersTurned.count == letters.count
            && kanaTurned.allSatisfy { $0 == japaneseTurned } && lettersTurned.allSatisfy { $0 == englishTurned }
        func described(_ turned: [Bool]) -> String {
            turned.allSatisfy { $0 } ? "turned" : turned.allSatisfy { !$0 } ? "upright" : "mixed"
        }
        return Verdict(passed, "\(phrase.prefix(2)) Japanese \(described(kanaTurned)), English \(described(lettersTurned))"
            + " on a \(page.writingMode.rawValue) page")
    }

    /// The digits 101112 after the `occurrence`th "これはテストです" are set
    /// each in a place of its own down the column, or two by two in one
    /// character's space (the pair side by side, upright).
    static func digits(in observed: ObservedBook, occurrence: Int, paired: Bool) -> Verdict {
        guard let book = observed.book, let text = offsets(of: "これはテストです101112", in: book, occurrence: occurrence) else {
            return Verdict(false, "test paragraph \(occurrence + 1) is not in the book")
        }
        let digits = (text.upperBound - 6)..<text.upperBound
        let boxes = digits.compactMap { placement(of: $0..<($0 + 1), in: observed)?.rects.first }
        guard boxes.count == 6 else { return Verdict(false, "paragraph \(occurrence + 1): its digits are not all on a page") }
        let em = observed.geometry.fontSize
        let places = Set(boxes.map(\.y)).count
        let seen = "paragraph \(occurrence + 1): the six digits in \(places) places down the column, boxes \(boxes.map(\.description).joined(separator: ", "))"
        if paired {
            let pairsShare = stride(from: 0, to: 6, by: 2).allSatisfy { boxes[$0] == boxes[$0 + 1] && boxes[$0].height <= em * 6 / 5 }
            return Verdict(places == 3 && pairsShare, seen + " (three pairs wanted)")
        }
        let apart = zip(boxes, boxes.dropFirst()).allSatisfy { $0.y < $1.y }
        return Verdict(places == 6 && apart, seen + " (one place a digit wanted)")
    }
}
