import BookModel
import Typesetting

/// One content document read into blocks, before it is added to the book:
/// links are kept by target name until every document is read, so a link
/// to a short note in another document can be known as a note reference.
struct ContentSection {
    struct Block {
        var kind: BlockKind
        var style: BlockStyle
        var text: String
        var runs: [StyledRun] = []
        var links: [Link] = []
        /// Anchors inside the block: name and scalar offset.
        var anchors: [(name: String, offset: Int)] = []
        /// Ruby (`<ruby>`, `<rt>`): the reading's characters follow their base in the text, not shown.
        var rubies: [RubyAnnotation] = []
    }

    struct Link {
        var range: Range<Int>
        /// An anchor (`path#id`) or section (`path`) name.
        var target: String
        /// Marked `epub:type="noteref"`.
        var isMarkedNoteReference: Bool
    }

    /// The container path.
    var path: String
    var blocks: [Block] = []
    /// Anchors that name the place after the last block (an empty element at the end).
    var trailingAnchors: [String] = []
    /// The document's `<title>`, else its first heading.
    var title: String?
    /// Elements that are notes (`aside`, `epub:type` footnote and the like)
    /// by anchor name, with the length of their text.
    var notes: [String: Int] = [:]
    /// Why the document is not well-formed, when it is not.
    var problem: String?
    /// The page the document is when it is a fixed-layout one.
    var fixedPage: FixedPage?
    /// The writing mode of the root element (`body`'s, which CSS gives the root, else `html`'s).
    var writingMode = WritingMode.horizontalTB
}
