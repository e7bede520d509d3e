import BookModel

/// Project Gutenberg's plain-text italics: `_word_` or `_a few words_`.
/// An underscore opens where a word starts (not after a letter or digit,
/// and before a character that is not a space) and closes at the next
/// underscore after a character that is not a space; a pair within the
/// paragraph is italic and both underscores are markup. An underscore that
/// finds no partner, one inside a word that the word does not close
/// (`snake_case`), or a run of them (`__init__`), is text.
enum GutenbergMarkup {
    static func parse(_ scalars: [UInt32]) -> InlineMarkup {
        var markup = InlineMarkup()
        let count = scalars.count
        var index = 0
        // Where the last search for a closing underscore stopped in vain: an
        // opening one before it has no partner either (so a paragraph of
        // lone underscores is read once, not once for each).
        var unclosedUntil = 0
        while index < count {
            guard scalars[index] == 0x5F, index >= unclosedUntil, opens(at: index, in: scalars) else {
                index += 1
                continue
            }
            let search = closing(after: index, in: scalars)
            guard let close = search.close else {
                unclosedUntil = search.stop
                index += 1
                continue
            }
            markup.hidden.append(index..<(index + 1))
            markup.runs.append(StyledRun(range: (index + 1)..<close, style: .italic))
            markup.hidden.append(close..<(close + 1))
            index = close + 1
        }
        return markup
    }

    /// At a word's start; or inside a word when the word closes it too
    /// (`misch_ee_vous`).
    private static func opens(at index: Int, in scalars: [UInt32]) -> Bool {
        guard index + 1 < scalars.count, !isSpace(scalars[index + 1]), scalars[index + 1] != 0x5F,
              index == 0 || scalars[index - 1] != 0x5F else { return false }
        if index == 0 || !isWordCharacter(scalars[index - 1]) { return true }
        var next = index + 2
        while next < scalars.count, isWordCharacter(scalars[next]) { next += 1 }
        return next + 1 < scalars.count && scalars[next] == 0x5F && isWordCharacter(scalars[next + 1])
    }

    /// The underscore that closes one opened at `open`: the next one after
    /// a character that is not a space (`_Un_important` closes inside the
    /// word). None past a blank line (a paragraph does not hold one, but a
    /// preserved block might).
    private static func closing(after open: Int, in scalars: [UInt32]) -> (close: Int?, stop: Int) {
        var index = open + 2
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == 0x5F, !isSpace(scalars[index - 1]) {
                // A run of underscores (`__init__`) is text.
                let run = index + 1 < scalars.count && scalars[index + 1] == 0x5F
                return (run ? nil : index, run ? open + 1 : index)
            }
            if scalar == 0x0A, index + 1 < scalars.count, scalars[index + 1] == 0x0A { return (nil, index) }
            index += 1
        }
        return (nil, scalars.count)
    }

    private static func isSpace(_ scalar: UInt32) -> Bool {
        scalar == 0x20 || scalar == 0x09 || scalar == 0x0A || scalar == 0x0D || scalar == 0xA0
    }

    /// Letters and digits: an underscore next to one is inside a word.
    private static func isWordCharacter(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        case 0..<0x80: return false
        default: return Unicode.Scalar(scalar).map { $0.properties.isAlphabetic } ?? false
        }
    }
}
