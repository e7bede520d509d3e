/// Where a block's lines may break besides spaces (CSS `word-break` and
/// `line-break`).
extension BlockStyle {
    public enum WordBreak: UInt8, Sendable, Hashable {
        /// Between words, and inside them where hyphenation allows.
        case normal
        /// Never inside a word, not even between CJK characters.
        case keepAll
        /// Between any two characters.
        case breakAll
    }

    /// How strictly line breaking rules for CJK apply (CSS `line-break`).
    public enum LineBreakStrictness: UInt8, Sendable, Hashable {
        case loose, normal, strict
        /// A break anywhere, punctuation and spaces included.
        case anywhere
    }
}
