import BookModel

/// Aozora Bunko's inline notation: ruby `漢字《かんじ》` (the base is the run
/// of kanji, or of one kind of kana or letters, before `《`, or everything
/// after a `｜`), annotations `［＃...］` (markup, not text), and
/// `［＃「X」に傍点］`, which puts emphasis marks on the X just before it.
enum AozoraMarkup {
    static let rubyOpen: UInt32 = 0x300A   // 《
    static let rubyClose: UInt32 = 0x300B  // 》
    static let baseMarker: UInt32 = 0xFF5C // ｜
    static let annotationOpen: UInt32 = 0xFF3B  // ［
    static let annotationClose: UInt32 = 0xFF3D // ］
    static let annotationMark: UInt32 = 0xFF03  // ＃
    /// The furthest a closing bracket is looked for: a reading or an
    /// annotation is short, and an unclosed one must not cost a scan of
    /// the rest of a long paragraph each time.
    static let longestReading = 100
    static let longestAnnotation = 1000

    /// A character that may start Aozora markup.
    static func isMarkupScalar(_ scalar: UInt32) -> Bool {
        scalar == rubyOpen || scalar == baseMarker || scalar == annotationOpen
    }

    static func parse(_ scalars: [UInt32]) -> InlineMarkup {
        var markup = InlineMarkup()
        let count = scalars.count
        var pendingBase: Int? = nil     // the ｜ of the next ruby
        var rubyFloor = 0               // a base does not reach back past earlier markup
        var index = 0
        while index < count {
            let scalar = scalars[index]
            if scalar == baseMarker {
                pendingBase = index
                index += 1
                continue
            }
            if scalar == annotationOpen, index + 1 < count, scalars[index + 1] == annotationMark,
               let close = scalars[(index + 2)..<min(count, index + 2 + longestAnnotation)].firstIndex(of: annotationClose) {
                markup.hidden.append(index..<(close + 1))
                if let emphasis = emphasised(annotation: index..<(close + 1), in: scalars, hidden: markup.hidden) {
                    markup.runs.append(StyledRun(range: emphasis, style: InlineStyle(emphasisMarks: true)))
                }
                index = close + 1
                rubyFloor = index
                continue
            }
            if scalar == rubyOpen, let close = scalars[(index + 1)..<min(count, index + 1 + longestReading)].firstIndex(of: rubyClose),
               close > index + 1 {
                let base: Range<Int>
                if let marker = pendingBase, marker + 1 < index {
                    markup.hidden.append(marker..<(marker + 1))
                    base = (marker + 1)..<index
                } else {
                    base = implicitBase(before: index, floor: rubyFloor, in: scalars)
                }
                markup.hidden.append(index..<(close + 1))
                if !base.isEmpty {
                    markup.rubies.append(RubyAnnotation(base: base, reading: (index + 1)..<close))
                }
                pendingBase = nil
                index = close + 1
                rubyFloor = index
                continue
            }
            index += 1
        }
        markup.hidden.sort { $0.lowerBound < $1.lowerBound }
        markup.runs.sort { $0.range.lowerBound < $1.range.lowerBound }
        return markup
    }

    /// The characters of one kind just before `end`: kanji, else hiragana,
    /// katakana, or Latin letters and digits (full-width or not).
    static func implicitBase(before end: Int, floor: Int, in scalars: [UInt32]) -> Range<Int> {
        guard end > floor else { return end..<end }
        let kind = self.kind(of: scalars[end - 1])
        guard kind != .other else { return end..<end }
        var start = end - 1
        while start > floor, self.kind(of: scalars[start - 1]) == kind { start -= 1 }
        return start..<end
    }

    /// `［＃「X」に傍点］` (and its other mark shapes): the X before the annotation.
    private static func emphasised(annotation: Range<Int>, in scalars: [UInt32], hidden: [Range<Int>]) -> Range<Int>? {
        let body = scalars[(annotation.lowerBound + 2)..<(annotation.upperBound - 1)]
        guard body.first == 0x300C, let quoteEnd = body.lastIndex(of: 0x300D) else { return nil } // 「 」
        let rest = String(String.UnicodeScalarView(body[(quoteEnd + 1)...].compactMap(Unicode.Scalar.init)))
        guard rest.hasPrefix("に"), rest.hasSuffix("傍点") else { return nil }
        let target = Array(body[(body.startIndex + 1)..<quoteEnd])
        guard !target.isEmpty else { return nil }
        // Walk back over the visible characters before the annotation.
        var matched = target.count
        var index = annotation.lowerBound
        while matched > 0, index > 0 {
            index -= 1
            if hidden.contains(where: { $0.contains(index) }) { continue }
            guard scalars[index] == target[matched - 1] else { return nil }
            matched -= 1
        }
        return matched == 0 ? index..<annotation.lowerBound : nil
    }

    enum Kind { case kanji, hiragana, katakana, latin, other }

    static func kind(of scalar: UInt32) -> Kind {
        switch scalar {
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF, 0x3005, 0x3006, 0x3007, 0x30F6:
            return .kanji // and 々 〆 〇 ヶ
        case 0x3041...0x309F: return .hiragana
        case 0x30A0...0x30FF, 0x31F0...0x31FF: return .katakana
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0xFF10...0xFF19, 0xFF21...0xFF3A, 0xFF41...0xFF5A,
             0xC0...0x24F:
            return .latin
        default: return .other
        }
    }
}
