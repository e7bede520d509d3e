import CICU

/// CSS Text 3's segment break rule in body text: a line end of the source
/// between two East Asian wide characters (Chinese, Japanese, neither of
/// them Hangul) is no space at all, as a file wrapped inside a sentence
/// (擂\n得鼓響) was not meant to show a gap. Elsewhere a line end is a space.
/// Where line ends are kept (verse, short lines of dialogue), one before a
/// mark no line may start with (時\n，) was the file's wrapping, not a
/// line of its own: it vanishes too.
enum SegmentBreaks {
    /// The indices of the line ends in `source` that vanish; `keptLineEnds`
    /// when the paragraph keeps its line ends. A line the file began with a
    /// mark no line may start with (after the spaces it was indented by)
    /// was the file's wrapping too: the line end and those spaces vanish,
    /// and so does one before a closing quotation mark (”) after a wide
    /// character, which would otherwise start a line on the page.
    static func vanishing(in source: [UInt32], keptLineEnds: Bool = false) -> [Int] {
        var result: [Int] = []
        for index in 1..<max(1, source.count - 1) where source[index] == 0x0A {
            guard isWide(source[index - 1]) else { continue }
            let next = source[index + 1]
            let wrapped = keptLineEnds ? startsNoLine(next) || isClosingQuote(next) || endsNoLine(source[index - 1]) && isWide(next)
                : isWide(next) || isClosingQuote(next)
            if wrapped {
                result.append(index)
                continue
            }
            // Past the next line's indent.
            var first = index + 1
            while first < source.count - 1, source[first] == 0x20 || source[first] == 0x3000 { first += 1 }
            guard first > index + 1, startsNoLine(source[first]) || isClosingQuote(source[first]) else { continue }
            result += Array(index..<first)
        }
        return result
    }

    /// Opening brackets: JLReq's characters not ending a line (UAX #14 class OP, through ICU).
    static func endsNoLine(_ scalar: UInt32) -> Bool { scalar >= 0x28 && CICU_endsNoLine(scalar) != 0 }

    /// ” and ’, which close a quotation in Chinese and Japanese text.
    static func isClosingQuote(_ scalar: UInt32) -> Bool { scalar == 0x201D || scalar == 0x2019 }

    /// Closing brackets, 、。，．・：；？！, iteration marks, small kana and
    /// ー, wide, narrow and small (﹔﹖): JLReq's characters not starting
    /// a line, as ICU's strict rules know them.
    static func startsNoLine(_ scalar: UInt32) -> Bool { scalar >= 0x21 && CICU_startsNoLine(scalar) != 0 }

    @inline(__always)
    static func isWide(_ scalar: UInt32) -> Bool {
        // Nothing below the Hangul Jamo block is wide: most text never calls ICU.
        scalar >= 0x1100 && CICU_isEastAsianWideNotHangul(scalar) != 0
    }

    /// Break opportunities of `source` as if the `vanishing` line ends were
    /// not there: the characters on each side of one are next to each
    /// other, and a line may end after the line end only where it could
    /// end between them (never before a closing mark or after an opening one).
    static func opportunities(_ source: [UInt32], vanishing: [Int],
                              finder: (_ scalars: [UInt32]) -> [BreakOpportunity]) -> [BreakOpportunity] {
        // `vanishing` is in order: one index walks it in each pass.
        var joined: [UInt32] = []
        joined.reserveCapacity(source.count - vanishing.count)
        var skip = 0
        for (index, scalar) in source.enumerated() {
            if skip < vanishing.count, vanishing[skip] == index {
                skip += 1
            } else {
                joined.append(scalar)
            }
        }
        let found = finder(joined)
        var result = [BreakOpportunity](repeating: .none, count: source.count)
        var at = 0
        skip = 0
        for index in source.indices {
            if skip < vanishing.count, vanishing[skip] == index {
                skip += 1
                // After the line end: where the characters around it allow.
                result[index] = at > 0 ? found[at - 1] : .none
                result[index - 1] = .none
            } else {
                result[index] = found[at]
                at += 1
            }
        }
        return result
    }
}
