/// Builds a `Book` from a format's sections and blocks, in reading order.
///
///     var builder = DocumentBuilder()
///     builder.beginSection(name: "text/ch1.xhtml")
///     builder.addAnchor("text/ch1.xhtml#start")
///     builder.append(.heading(level: 1), style: style, text: "Chapter 1")
///     let book = builder.build(metadata: metadata, contents: entries, format: .epub)
///
/// Each block's characters follow the previous block's after one line
/// feed, which no page shows; a section starts a new page.
public struct DocumentBuilder {
    private var utf8: [UInt8] = []
    private var scalarCount = 0
    private var paragraphs: [Paragraph] = []
    private var blocks: [BlockAttributes] = []
    private var sections: [BookSection] = []
    private var anchors: [String: Int] = [:]
    private var pendingLinks: [(paragraph: Int, link: DocumentLink)] = []
    private var sectionStarts = true

    public init() {}

    /// The scalar offset the next block starts at.
    public var offset: Int { scalarCount + (paragraphs.isEmpty ? 0 : 1) }

    /// Starts a section; its first block starts a page. A section that is
    /// a `fixedPage` is that one page, whatever its blocks.
    public mutating func beginSection(name: String, isLinear: Bool = true, fixedPage: FixedPage? = nil,
                                      writingMode: WritingMode = .horizontalTB) {
        closeSection()
        sections.append(BookSection(name: name, offsets: offset..<offset, paragraphs: paragraphs.count..<paragraphs.count,
                                    isLinear: isLinear, fixedPage: fixedPage, writingMode: writingMode))
        anchors[name] = anchors[name] ?? offset
        sectionStarts = true
    }

    /// Names the place where the next block starts (an element's id), for
    /// links and the contents; the first place given a name keeps it.
    public mutating func addAnchor(_ name: String) {
        if anchors[name] == nil { anchors[name] = offset }
    }

    /// Names a place inside the block appended last, `scalar` characters into it.
    public mutating func addAnchor(_ name: String, inLastBlockAt scalar: Int) {
        guard let last = paragraphs.last else { return addAnchor(name) }
        if anchors[name] == nil { anchors[name] = last.scalars.lowerBound + min(scalar, last.scalars.count) }
    }

    /// Appends a block. `runs` and `links` are relative to `text`'s scalars.
    public mutating func append(_ kind: BlockKind, style: BlockStyle, text: String, runs: [StyledRun] = [],
                                links: [DocumentLink] = [], rubies: [RubyAnnotation] = [], hidden: [Range<Int>] = []) {
        if sections.isEmpty { beginSection(name: "") }
        let shown: String
        if case .image = kind { shown = "\u{FFFC}" } else { shown = text }
        if !paragraphs.isEmpty {
            utf8.append(0x0A)
            scalarCount += 1
        }
        let byteStart = utf8.count, scalarStart = scalarCount
        utf8.append(contentsOf: shown.utf8)
        scalarCount += shown.unicodeScalars.count
        var traits: ParagraphTraits = []
        if style.breakBefore || sectionStarts || (blocks.last?.style.breakAfter ?? false) { traits.insert(.startsPage) }
        if style.alignment == .centred { traits.insert(.centred) }
        let paragraphStyle: ParagraphStyle
        switch kind {
        case .heading: paragraphStyle = .heading
        case .preformatted: paragraphStyle = .preserved
        default: paragraphStyle = .body
        }
        let index = paragraphs.count
        paragraphs.append(Paragraph(style: paragraphStyle, bytes: byteStart..<utf8.count,
                                    scalars: scalarStart..<scalarCount, traits: traits))
        blocks.append(BlockAttributes(kind: kind, style: style, markup: InlineMarkup(hidden: hidden, runs: runs, rubies: rubies)))
        for link in links { pendingLinks.append((index, link)) }
        sectionStarts = false
    }

    private mutating func closeSection() {
        guard let last = sections.indices.last else { return }
        sections[last].offsets = sections[last].offsets.lowerBound..<max(sections[last].offsets.lowerBound, scalarCount)
        sections[last].paragraphs = sections[last].paragraphs.lowerBound..<paragraphs.count
    }

    /// The book. `contents` targets are anchor or section names; entries
    /// whose target is unknown are dropped.
    public mutating func build(metadata: BookMetadata, contents: [ContentsEntry], format: DocumentFormat,
                               resources: DocumentResources? = nil, fonts: [EmbeddedFont] = [],
                               pageProgression: PageProgression = .leftToRight, notices: [String] = [],
                               stateKey: String? = nil, firstSection: Int = 0, isPartial: Bool = false) -> Book {
        closeSection()
        // Names given after the last block (an empty last section) point at the end.
        for (name, offset) in anchors where offset > scalarCount { anchors[name] = scalarCount }
        for index in sections.indices where sections[index].offsets.lowerBound > scalarCount {
            sections[index].offsets = scalarCount..<scalarCount
        }
        for (paragraph, link) in pendingLinks {
            guard let target = anchors[link.target] else { continue }
            blocks[paragraph].links.append(ResolvedLink(range: link.range, target: target,
                                                        isNoteReference: link.isNoteReference))
        }
        let chapters = contents.compactMap { entry -> Chapter? in
            anchors[entry.target].map { Chapter(title: entry.title, offset: $0, level: entry.level) }
        }
        let text = DecodedText(utf8: utf8, scalarCount: scalarCount, encoding: .utf8, encodingConfidence: 100,
                               encodingLanguage: nil, sourceByteCount: utf8.count, sourceBytesDecoded: utf8.count)
        return Book(text: text, paragraphs: paragraphs, chapters: chapters, metadata: metadata,
                    document: BookDocument(format: format, blocks: blocks, sections: sections, anchors: anchors,
                                           resources: resources, fonts: fonts, pageProgression: pageProgression,
                                           notices: notices, stateKey: stateKey, firstSection: firstSection,
                                           isPartial: isPartial))
    }
}

/// An entry of a book's own table of contents.
public struct ContentsEntry: Sendable, Equatable {
    public var title: String
    /// 1 for the top level.
    public var level: Int
    /// An anchor or section name given to the builder.
    public var target: String

    public init(title: String, level: Int, target: String) {
        self.title = title
        self.level = level
        self.target = target
    }
}

/// The file format a structured book was read from.
public enum DocumentFormat: String, Sendable {
    case text
    case epub
    case pdf
    case comic
}

/// A link with its target found: an offset in the book.
public struct ResolvedLink: Sendable, Equatable {
    /// Relative to the block's text.
    public var range: Range<Int>
    public var target: Int
    public var isNoteReference: Bool
}

/// A block's own attributes, beside its `Paragraph`.
public struct BlockAttributes: Sendable, Equatable {
    public var kind: BlockKind
    public var style: BlockStyle
    public var markup: InlineMarkup
    public var links: [ResolvedLink] = []
}

/// What a book read from a structured format carries beyond its paragraphs.
public struct BookDocument: Sendable {
    public var format: DocumentFormat
    /// One per paragraph of the book.
    public var blocks: [BlockAttributes]
    public var sections: [BookSection]
    /// Named places (anchors and sections), as scalar offsets.
    public var anchors: [String: Int]
    public var resources: DocumentResources?
    public var fonts: [EmbeddedFont]
    public var pageProgression: PageProgression
    /// Problems found reading the book, for the log.
    public var notices: [String]
    /// What the book's reading state is kept under, when the format names
    /// it (an EPUB's identity, the same with its styles on or off); nil:
    /// the hash of the decoded text.
    public var stateKey: String?
    /// The index in the whole book of this book's first section: 0, but
    /// for a book of some of the sections of a larger one (`isPartial`).
    public var firstSection = 0
    /// This book is some of the sections of a larger one, read before the
    /// others to show a place at once (see `SectionedBookReading`).
    public var isPartial = false
    /// What typesetting works out from the document once and shares
    /// between every typesetter (images' sizes, embedded fonts' bytes).
    public let memo = DocumentMemo()
}
