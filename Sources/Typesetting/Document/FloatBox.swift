import BookModel

/// A floated picture's box: the picture with its margins, set against a
/// side of the column; the text of the blocks after it wraps beside it.
struct FloatBox: Equatable {
    var side: BlockStyle.Side
    /// From the column's edge on its side to the box (the block's indent
    /// on that side), 26.6 pixels.
    var edge: Int32
    /// The picture's size and its margins, pixels.
    var width: Int
    var height: Int
    var marginTop: Int
    var marginRight: Int
    var marginBottom: Int
    var marginLeft: Int

    /// How far the box reaches into the column from its side, 26.6 pixels.
    var reach: Int32 { edge + Int32((marginLeft + width + marginRight) * 64) }

    var outerHeight: Int { marginTop + height + marginBottom }
}

/// How far floated pictures reach into a block's first lines from each
/// side of the column (26.6 pixels), one inset a line; the lines after
/// them have the whole measure. Pagination finds it from where the block
/// lands on its page, and a page that starts inside the block keeps it.
struct LineWrap: Hashable, Sendable {
    struct Inset: Hashable, Sendable {
        var left: Int32
        var right: Int32
    }

    var lines: [Inset]

    /// The insets as narrowings of a block's lines at their start and end
    /// beyond the block's own indents.
    func narrowing(rightToLeft: Bool, startIndent: Int32, endIndent: Int32) -> [LineInset] {
        lines.map { inset in
            let (start, end) = rightToLeft ? (inset.right, inset.left) : (inset.left, inset.right)
            return LineInset(start: max(0, start - startIndent), end: max(0, end - endIndent))
        }
    }
}
