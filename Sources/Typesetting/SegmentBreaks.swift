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

    /// Opening brackets and quotation marks: JLReq's characters not ending a line, in their wide forms.
    static func endsNoLine(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0xFF08, 0xFF3B, 0xFF5B, 0x300C, 0x300E, 0x3014, 0x3008, 0x300A, 0x3010, 0x3018, 0x3016, 0x301D, 0xFF5F:
            true
        default:
            false
        }
    }

    /// ” and ’, which close a quotation in Chinese and Japanese text.
    static func isClosingQuote(_ scalar: UInt32) -> Bool { scalar == 0x201D || scalar == 0x2019 }

    /// Closing brackets, 、。，．・：；？！, iteration marks, small kana and
    /// ー: JLReq's characters not starting a line, in their wide forms.
    static func startsNoLine(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x3001, 0x3002, 0xFF0C, 0xFF0E, 0x30FB, 0xFF1A, 0xFF1B, 0xFF1F, 0xFF01, 0x309B, 0x309C, 0x30FD, 0x30FE,
             0x309D, 0x309E, 0x3005, 0x30FC, 0xFF09, 0xFF3D, 0xFF5D, 0x300D, 0x300F, 0x3015, 0x3009, 0x300B, 0x3011,
             0x3019, 0x3017, 0x301F, 0xFF60, 0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087,
             0x308E, 0x3095, 0x3096, 0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE,
             0x30F5, 0x30F6:
            true
        default:
            false
        }
    }

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
