import BookModel

/// What a block of a structured book adds to its laid-out lines: its place
/// in the page flow, a picture instead of text, a list marker, its links.
struct BlockExtras {
    /// Space before and after the block, pixels; between two blocks the
    /// larger of the two is kept (margins collapse), none at a page's top.
    var spaceBefore: Int
    var spaceAfter: Int
    /// The block never ends a page (a heading stays with what follows it).
    var keepsWithNext: Bool
    var picture: BlockPicture?
    var marker: BlockMarker?
    /// Scalar ranges relative to the block.
    var links: [ResolvedLink]
    /// How far each line's baseline sits below its top, pixels (the
    /// block's face's ascent with half the leading above it).
    var baselineOffset: Int
    /// The block is a picture floated beside the text, out of the flow.
    var float: FloatBox? = nil
    /// The block goes below the floated pictures on these sides.
    var clear: BlockStyle.Clear = []
}

/// What a block shows instead of lines of its own text.
indirect enum BlockPicture {
    /// An image, drawn at this size within the measure.
    case image(BlockImage)
    /// The text drawn for an image that cannot be (its alternative text),
    /// set as a paragraph of its own that is never split across pages.
    case alternative(ParagraphLayout)
    /// A horizontal rule of this width and thickness (26.6 and pixels).
    case rule(width: Int32, thickness: Int)
}

struct BlockImage {
    var resource: String
    /// Drawn in the image's place when its pixels cannot be decoded.
    var alternative: ParagraphLayout?
    /// Pixels.
    var width: Int
    var height: Int
}

/// A list item's marker, set before the first line's start.
struct BlockMarker {
    var text: String
    var shaped: ShapedParagraph
    /// Its width and the gap after it, 26.6 pixels.
    var width: Int32
    var gap: Int32
}
