import BookModel
import StyleSheets
import Typesetting

/// Computed CSS styles in the document model's terms. The reader's own
/// settings win where a reader expects them to: the body's font size and
/// family (unless the book embeds the family), line spacing and page
/// margins are the reader's; relative sizes, styles, alignment, indents
/// and spacing are the book's.
struct StyleMapping {
    /// Families the book embeds (`@font-face`), lower-cased, with their names as written.
    let embeddedFamilies: [String: String]

    /// Lengths beyond these are the book's layout for a wide screen, not
    /// something a page of the reader can show.
    static let indentRange = 0.0...8.0
    static let textIndentRange = -4.0...8.0
    static let spaceRange = 0.0...6.0

    /// The family a run asks for: an embedded family named in the list, or
    /// a generic one other than serif (the reader's body face).
    func family(_ families: [FontFamilyName]) -> String? {
        for family in families {
            switch family {
            case let .named(name):
                if let embedded = embeddedFamilies[name.lowercased()] { return embedded }
            case .sansSerif, .systemUI: return "sans-serif"
            case .monospace: return "monospace"
            case .serif, .cursive, .fantasy: return nil
            }
        }
        return nil
    }

    /// The inline style of text in `style`, inside a block whose size is
    /// `blockSize` body ems and whose language is `blockLanguage`.
    func inline(_ style: ComputedStyle, blockSize: Double, language: String?, blockLanguage: String?) -> InlineStyle {
        var inline = InlineStyle()
        inline.family = family(style.fontFamilies)
        inline.slant = style.italic ? .italic : .upright
        inline.weight = style.isBold ? .bold : .regular
        inline.relativeSize = Self.rounded(style.fontSize / max(blockSize, 0.1))
        inline.smallCaps = style.smallCaps
        switch style.verticalAlign {
        case .baseline: inline.verticalPosition = .baseline
        case .superscript: inline.verticalPosition = .superscript
        case .subscript: inline.verticalPosition = .subscript
        }
        if let language, language != blockLanguage { inline.language = language }
        inline.emphasisMarks = style.emphasisMark != nil
        switch style.textOrientation {
        case .mixed: inline.orientation = .mixed
        case .upright: inline.orientation = .upright
        case .sideways: inline.orientation = .sideways
        }
        switch style.textCombine {
        case nil: inline.combine = .auto
        case .none?: inline.combine = TextCombine.none
        case .all?: inline.combine = .all(group: 0)
        case let .digits(count)?: inline.combine = .digits(count)
        }
        return inline
    }

    /// The block style of a block whose element has `style`; `indent` is
    /// the start and end indent its ancestors' margins and paddings make.
    func block(_ style: ComputedStyle, indentStart: Double, indentEnd: Double, language: String?,
               direction: TextDirection?) -> BlockStyle {
        var block = BlockStyle()
        let isRightToLeft = direction == .rightToLeft
        block.alignment = style.textAlign.map { Self.alignment($0, rightToLeft: isRightToLeft) } ?? .justified
        block.indentStart = Self.clamp(indentStart, Self.indentRange)
        block.indentEnd = Self.clamp(indentEnd, Self.indentRange)
        block.textIndent = style.textIndent.map { Self.clamp($0, Self.textIndentRange) }
        block.relativeSize = Self.rounded(style.fontSize)
        block.direction = direction
        block.language = language
        block.hyphenates = style.hyphens != ComputedStyle.Hyphens.none && style.hyphens != .manual
        block.breaksAtSoftHyphens = style.hyphens != ComputedStyle.Hyphens.none
        block.lastLineAlignment = style.textAlignLast.map { Self.alignment($0, rightToLeft: isRightToLeft) }
        switch style.wordBreak {
        case .normal: block.wordBreak = .normal
        case .keepAll: block.wordBreak = .keepAll
        case .breakAll: block.wordBreak = .breakAll
        }
        switch style.lineBreak {
        case .auto, .normal: block.lineBreakStrictness = .normal
        case .loose: block.lineBreakStrictness = .loose
        case .strict: block.lineBreakStrictness = .strict
        case .anywhere: block.lineBreakStrictness = .anywhere
        }
        block.inline = inline(style, blockSize: style.fontSize, language: language, blockLanguage: language)
        return block
    }

    /// CSS `text-align` in the model's terms; left and right depend on the direction.
    static func alignment(_ align: ComputedStyle.TextAlign, rightToLeft: Bool) -> BlockStyle.Alignment {
        switch align {
        case .justify: return .justified
        case .start: return .start
        case .end: return .end
        case .center: return .centred
        case .left: return rightToLeft ? .end : .start
        case .right: return rightToLeft ? .start : .end
        }
    }

    static func clamp(_ value: Double, _ range: ClosedRange<Double>) -> Double {
        min(max(value, range.lowerBound), range.upperBound)
    }

    /// Sizes kept to 1/100 em, so runs of one size compare equal.
    static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
}
