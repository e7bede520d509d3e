import BookModel
import StyleSheets

/// CSS `float` and `clear` in the model's terms: sides of the page, the
/// logical ones (`inline-start`, `inline-end`) resolved by the direction
/// of the element's text.
extension StyleMapping {
    /// The float of an element with `style`, with its margins; nil when it does not float.
    static func float(_ style: ComputedStyle, rightToLeft: Bool) -> BlockStyle.Floating? {
        let side: BlockStyle.Side
        switch style.float {
        case .none: return nil
        case .left: side = .left
        case .right: side = .right
        case .inlineStart: side = rightToLeft ? .right : .left
        case .inlineEnd: side = rightToLeft ? .left : .right
        }
        let margin = style.margin
        return BlockStyle.Floating(side: side, marginTop: clamp(margin.top, spaceRange),
                                   marginRight: clamp(margin.right, indentRange),
                                   marginBottom: clamp(margin.bottom, spaceRange),
                                   marginLeft: clamp(margin.left, indentRange))
    }

    static func clear(_ style: ComputedStyle, rightToLeft: Bool) -> BlockStyle.Clear {
        switch style.clear {
        case .none: return []
        case .left: return .left
        case .right: return .right
        case .both: return .both
        case .inlineStart: return rightToLeft ? .right : .left
        case .inlineEnd: return rightToLeft ? .left : .right
        }
    }
}
