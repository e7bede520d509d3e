/// The document model every format produces (a text file's paragraphs, an
/// EPUB's spine documents): a book is sections of blocks, each block a run
/// of characters with a kind, a block style and styled inline runs.
/// Typesetting, pagination, the page cache and the interface read only
/// this; a format never lays anything out itself.
///
/// Positions are scalar offsets over the whole book: the sections' texts
/// follow each other, so a position is also (section, offset in it).

/// What a block is.
public enum BlockKind: Sendable, Equatable {
    case paragraph
    /// A heading, level 1 (the top) to 6: set at its level's size (1.6,
    /// 1.4, 1.25, 1.1, 1 and 1 times the body's) unless its style's
    /// `relativeSize` is not 1, in the weight its style gives, with at
    /// least a line of space before it and kept with the block after it.
    case heading(level: Int)
    /// A block quotation.
    case quote
    /// An item of a list, with the marker drawn before its first line
    /// ("•", "3.", "iv."; empty for none), hanging in the start indent
    /// (which is widened to hold it).
    case listItem(marker: String)
    /// Line breaks and spaces kept, no justification, no hyphenation; in
    /// the monospace family unless its style names another.
    case preformatted
    /// A horizontal rule, drawn centred across a third of the measure
    /// (its text is not shown).
    case rule
    /// An image set as a block of its own (its text is one U+FFFC).
    case image(DocumentImage)
    /// A cell of a table, set as a block.
    case tableCell
}

/// An image of the book, read through the book's `DocumentResources`.
public struct DocumentImage: Sendable, Equatable {
    /// The resource's name: a path inside the book's container, resolved
    /// and normalised (no `..`, no leading `/`).
    public var resource: String
    /// What is shown (and said) when the image cannot be drawn.
    public var alternative: String
    /// The size the book asks for in CSS pixels (an `img`'s width and
    /// height); nil takes the image's own size (one side given keeps the
    /// aspect). CSS pixels are drawn at the reader's size over 16 px, and
    /// an image is always scaled down to fit the text area, never cut.
    public var pixelWidth: Int?
    public var pixelHeight: Int?
    /// The width the book asks for, as a fraction of the text's measure
    /// (it wins over `pixelWidth`).
    public var widthFraction: Double?

    public init(resource: String, alternative: String = "", pixelWidth: Int? = nil, pixelHeight: Int? = nil,
                widthFraction: Double? = nil) {
        self.resource = resource
        self.alternative = alternative
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.widthFraction = widthFraction
    }
}

/// The direction a paragraph's text runs.
public enum TextDirection: String, Sendable, Codable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"
}

/// How a block is set: the block-level part of the style every format
/// computes (an EPUB's CSS cascade, a text file's conventions). Lengths
/// are in ems of the reader's body size, so the reader's own size setting
/// scales the book's.
public struct BlockStyle: Sendable, Hashable {
    public enum Alignment: UInt8, Sendable {
        /// Justified, the last line at the start edge.
        case justified
        case start
        case centred
        case end
    }

    public var alignment: Alignment = .justified
    public var spaceBefore: Double = 0
    public var spaceAfter: Double = 0
    /// Every line indented from the start and the end edge.
    public var indentStart: Double = 0
    public var indentEnd: Double = 0
    /// The first line's indent (negative hangs it); nil takes the
    /// reader's default: 1.5 em for a paragraph that follows another
    /// paragraph with no space between them, none otherwise.
    public var textIndent: Double?
    /// Size relative to the body text; 1 on a heading takes its level's size.
    public var relativeSize: Double = 1
    /// The block starts a new page (a spine document, `page-break-before`).
    public var breakBefore = false
    /// The block after this one starts a new page.
    public var breakAfter = false
    /// nil: found from the text (UAX #9, the first strong character).
    public var direction: TextDirection?
    /// BCP 47; nil is the book's language.
    public var language: String?
    public var hyphenates = true
    /// The inline style the block's characters start from; runs override it.
    public var inline: InlineStyle = .plain
    /// Whether lines may break at soft hyphens (CSS `hyphens: none` says no).
    public var breaksAtSoftHyphens = true
    /// How the last line is set; nil: as `alignment` sets a last line.
    public var lastLineAlignment: Alignment?
    public var wordBreak: WordBreak = .normal
    public var lineBreakStrictness: LineBreakStrictness = .normal
    /// Where the block sits in a fixed page (`position: absolute`); nil:
    /// in the flow.
    public var placement: BlockPlacementBox?
    /// An image block floated beside the text (CSS `float`); nil: in the
    /// flow. Other blocks ignore it.
    public var float: Floating?
    /// The block goes below the floated pictures on these sides.
    public var clear: Clear = []

    public init() {}
}

/// A block's box in a fixed page, in CSS pixels from the page's top-left
/// corner; a side not given is the flow's.
public struct BlockPlacementBox: Sendable, Hashable {
    public var top: Double?
    public var left: Double?
    public var width: Double?
    public var height: Double?

    public init(top: Double? = nil, left: Double? = nil, width: Double? = nil, height: Double? = nil) {
        self.top = top
        self.left = left
        self.width = width
        self.height = height
    }
}

/// A link from a range of a block's characters.
public struct DocumentLink: Sendable, Equatable {
    /// Scalar offsets relative to the block's text.
    public var range: Range<Int>
    /// An anchor name given to `DocumentBuilder.addAnchor`, or a section's
    /// name (its start). Links the book cannot resolve are dropped.
    public var target: String
    /// A note reference: the reader shows the target's text in a panel
    /// instead of jumping there.
    public var isNoteReference: Bool

    public init(range: Range<Int>, target: String, isNoteReference: Bool = false) {
        self.range = range
        self.target = target
        self.isNoteReference = isNoteReference
    }
}

/// Reads the files a book refers to (images, fonts) by resource name.
/// Implementations must never read outside the book, and may be called
/// from any thread (pages are laid out and drawn on several).
public protocol DocumentResources: AnyObject, Sendable {
    /// The bytes of `resource`, at most `limit` of them; throws when the
    /// resource is missing, damaged or larger than `limit`.
    func data(of resource: String, limit: Int) throws -> [UInt8]
    /// The first `count` bytes of `resource` (all of it when shorter), for
    /// reading an image's header without its pixels.
    func prefix(of resource: String, count: Int) throws -> [UInt8]
}

extension DocumentResources {
    /// Reads the whole resource; a container that can stop inflating
    /// early implements its own.
    public func prefix(of resource: String, count: Int) throws -> [UInt8] {
        Array(try data(of: resource, limit: DocumentLimits.resourceBytes).prefix(count))
    }
}

/// How much of a book's resources the typesetter and the painter read at most.
public enum DocumentLimits {
    /// An image or font file's bytes.
    public static let resourceBytes = 64 << 20
}

/// A font the book brings with it (an EPUB's `@font-face`).
public struct EmbeddedFont: Sendable, Equatable {
    public enum Obfuscation: String, Sendable { case idpf, adobe }

    /// The CSS family name runs refer to in `InlineStyle.family`.
    public var family: String
    public var slant: InlineStyle.Slant
    public var weight: InlineStyle.Weight
    public var resource: String
    public var obfuscation: Obfuscation?

    public init(family: String, slant: InlineStyle.Slant = .upright, weight: InlineStyle.Weight = .regular,
                resource: String, obfuscation: Obfuscation? = nil) {
        self.family = family
        self.slant = slant
        self.weight = weight
        self.resource = resource
        self.obfuscation = obfuscation
    }
}

/// A section of the book: a text file's chapter segment or an EPUB's spine document.
public struct BookSection: Sendable, Equatable {
    /// The name links use (an EPUB's resource path); empty for a text file's segments.
    public var name: String
    /// Scalar offsets of the section's text in the book.
    public var offsets: Range<Int>
    /// The paragraphs (blocks) of the section.
    public var paragraphs: Range<Int>
    /// False for a section reached only by links (an EPUB's `linear="no"`):
    /// no page shows it (the page before runs on over its characters) and
    /// a link into it shows it in the reader's note panel. When no section
    /// is linear, all are read in order.
    public var isLinear: Bool
    /// The section is one page of a fixed size (a PDF or comic page, a
    /// fixed-layout EPUB document); nil: its blocks flow over pages.
    public var fixedPage: FixedPage?
    /// The mode its root element's style asks for.
    public var writingMode: WritingMode

    public init(name: String, offsets: Range<Int>, paragraphs: Range<Int>, isLinear: Bool = true,
                fixedPage: FixedPage? = nil, writingMode: WritingMode = .horizontalTB) {
        self.writingMode = writingMode
        self.name = name
        self.offsets = offsets
        self.paragraphs = paragraphs
        self.isLinear = isLinear
        self.fixedPage = fixedPage
    }
}

/// The order pages follow on screen.
public enum PageProgression: String, Sendable, Codable {
    /// The next page comes from the right (a flick to the left turns forward).
    case leftToRight = "ltr"
    /// The next page comes from the left (Arabic, Hebrew, vertical Japanese).
    case rightToLeft = "rtl"
}
