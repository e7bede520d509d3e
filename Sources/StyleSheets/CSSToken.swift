/// A token of CSS Syntax Level 3, as the tokenizer produces it.
public enum CSSToken: Equatable, Sendable {
    case ident(String)
    /// A name followed by `(`; the arguments follow as tokens.
    case function(String)
    case atKeyword(String)
    /// `#name`; `isIdentifier` when the name could be an id selector.
    case hash(String, isIdentifier: Bool)
    case string(String)
    case badString
    case url(String)
    case badURL
    case delim(Unicode.Scalar)
    case number(Double)
    case percentage(Double)
    case dimension(Double, unit: String)
    case whitespace
    case cdo, cdc
    case colon, semicolon, comma
    case openSquare, closeSquare, openParen, closeParen, openCurly, closeCurly

    /// The token that closes a block this one opens, if it opens one.
    var closing: CSSToken? {
        switch self {
        case .openSquare: return .closeSquare
        case .openParen, .function: return .closeParen
        case .openCurly: return .closeCurly
        default: return nil
        }
    }
}
