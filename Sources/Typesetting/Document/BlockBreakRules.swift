import BookModel

/// A block's own rules for where its lines may break, applied over the
/// opportunities UAX #14 gives: soft hyphens (CSS `hyphens`), breaks
/// inside words (`word-break`) and anywhere at all (`line-break:
/// anywhere`). The strictness of CJK rules (`line-break: loose` and
/// `strict`) is ICU's, through the rules the opportunities were found with.
struct BlockBreakRules {
    /// Lines may end at soft hyphens, with a hyphen drawn (`hyphens: none` says no).
    var softHyphens = true
    var wordBreak = BlockStyle.WordBreak.normal
    /// A break between any two characters (`line-break: anywhere`).
    var anywhere = false

    init(style: BlockStyle) {
        softHyphens = style.breaksAtSoftHyphens
        wordBreak = style.wordBreak
        anywhere = style.lineBreakStrictness == .anywhere
    }

    init() {}

    /// Whether the block's words are hyphenated from a dictionary: not when
    /// the style says so, nor when its words are kept whole (`keep-all`) or
    /// may break anywhere without a hyphen (`break-all`, `anywhere`).
    static func hyphenates(_ style: BlockStyle) -> Bool {
        style.hyphenates && style.wordBreak == .normal && style.lineBreakStrictness != .anywhere
    }

    /// Applies the rules to `breaks`, the opportunity after each of `scalars`.
    func apply(to breaks: inout [BreakOpportunity], scalars: [UInt32]) {
        let count = scalars.count
        for index in 0..<count where scalars[index] == 0xAD && breaks[index] == .allowed {
            breaks[index] = softHyphens ? .hyphen : .none
        }
        guard count > 1, wordBreak != .normal || anywhere else { return }
        for index in 0..<(count - 1) {
            let this = scalars[index], next = scalars[index + 1]
            switch breaks[index] {
            case .allowed where wordBreak == .keepAll:
                if Self.isLetterUnit(this), Self.isLetterUnit(next) { breaks[index] = .none }
            case .none where anywhere:
                if !Self.joinsPrevious(next), this != 0x200D, this != 0xAD { breaks[index] = .allowed }
            case .none where wordBreak == .breakAll:
                if Self.isLetterUnit(this), Self.isLetterUnit(next), !Self.joinsPrevious(next) { breaks[index] = .allowed }
            default:
                break
            }
        }
    }

    /// Letters, digits and ideographs: the units `word-break` is about.
    static func isLetterUnit(_ value: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(value) else { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
             .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }

    /// Characters no line may start with: combining marks, joiners and
    /// variation selectors belong to the character before them.
    static func joinsPrevious(_ value: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(value) else { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        default:
            return value == 0x200D || value == 0x200C || scalar.properties.isVariationSelector
                || scalar.properties.isGraphemeExtend
        }
    }
}
