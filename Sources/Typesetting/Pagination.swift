/// Where a page starts and what it holds. Stored in 40 bytes, not 72: a
/// long novel has thousands of pages and the reader keeps their table for
/// the whole session. Offsets and counts fit 32 bits as `Paragraph`'s
/// offsets do (a decoded text stays far below 4 GB); `line` counts lines of
/// one paragraph window (`ParagraphWindows.length` characters at most).
/// The picture counts saturate at 65,535, far beyond what a page shows.
public struct PageEntry: Sendable, Equatable {
    /// How far floated pictures of the page before reach into the lines of
    /// the block the page starts inside, as pagination set them (nil on
    /// nearly every page; pointer-sized).
    var wrap: LineWrap?
    /// The widest inter-word space on the page over the body font's normal
    /// space: 1 when no line is stretched, below 1 when all are shrunk.
    public var maxSpaceStretch: Double = 0
    private var storedParagraph: UInt32
    private var storedLine: UInt32
    private var storedStart: UInt32
    private var storedEnd: UInt32
    private var storedMissingGlyphs: UInt32
    private var storedImages: UInt16 = 0
    private var storedFloats: UInt16 = 0

    init(paragraph: Int, line: Int, start: Int, end: Int, missingGlyphs: Int, maxSpaceStretch: Double = 0,
         images: Int = 0, floats: Int = 0, wrap: LineWrap? = nil) {
        self.wrap = wrap
        self.maxSpaceStretch = maxSpaceStretch
        storedParagraph = UInt32(paragraph)
        storedLine = UInt32(line)
        storedStart = UInt32(start)
        storedEnd = UInt32(end)
        storedMissingGlyphs = UInt32(missingGlyphs)
        self.images = images
        self.floats = floats
    }

    /// Paragraph and line the page starts at.
    public var paragraph: Int {
        get { Int(storedParagraph) }
        set { storedParagraph = UInt32(newValue) }
    }
    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = UInt32(newValue) }
    }
    /// Scalar offsets into the decoded text; a page ends where the next starts.
    public var start: Int {
        get { Int(storedStart) }
        set { storedStart = UInt32(newValue) }
    }
    public var end: Int {
        get { Int(storedEnd) }
        set { storedEnd = UInt32(newValue) }
    }
    /// Glyphs on the page drawn as .notdef.
    public var missingGlyphs: Int {
        get { Int(storedMissingGlyphs) }
        set { storedMissingGlyphs = UInt32(newValue) }
    }
    /// Images drawn on the page as blocks of their own (or fixed pages).
    public var images: Int {
        get { Int(storedImages) }
        set { storedImages = UInt16(clamping: newValue) }
    }
    /// Pictures floated beside the page's text.
    public var floats: Int {
        get { Int(storedFloats) }
        set { storedFloats = UInt16(clamping: newValue) }
    }
}

/// The pages of a book for one geometry.
public struct Pagination: Sendable {
    public var pages: [PageEntry] = []
    /// With text collection on: the lines placed on each page.
    public var pageLines: [[String]] = []
    /// The whole book's page count when only a part of it was paginated
    /// (a window of a large file, or pagination stopped early); nil when
    /// `pages` is the whole book.
    public var estimatedPageCount: Int?
    /// Pages of the book before `pages[0]`, when `pages` are a run of
    /// chapters from the middle of the book (footers number from here).
    public var pagesBefore = 0
    /// True while `pagesBefore` is an estimate: footers then print "~N".
    public var pagesBeforeIsEstimate = false
    /// For the pages of a book that is some sections of a larger one, read
    /// before the others: where its text lies in the larger book (an
    /// estimate), so that footers give the place in that one.
    public var enclosingBook: EnclosingBook?

    public init(pages: [PageEntry] = [], pageLines: [[String]] = []) {
        self.pages = pages
        self.pageLines = pageLines
    }

    /// The page holding a scalar offset (0-based).
    public func pageIndex(containing offset: Int) -> Int {
        var low = 0, high = pages.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if pages[mid].start <= offset { low = mid } else { high = mid - 1 }
        }
        return max(0, low)
    }
}

/// Cuts the book into pages paragraph by paragraph; can run in steps so a
/// caller may show the first pages before the rest are known.
///
/// The whole book is paginated as its segments (`ChapterSegments`) one
/// after the other, each starting a page of its own: a command that
/// paginates the whole book at once and the reader, which paginates
/// segments on several threads, number the same pages alike (a section
/// with nothing on it, a blank page or a picture the reader cannot draw,
/// is a page in both).
public struct Paginator {
    private let typesetter: Typesetter
    private let collectText: Bool
    private let segments: ChapterSegments
    /// The segment being paginated, and the one after the last to paginate.
    private var segment: Int
    private let endSegment: Int
    private var flow: PageFlow
    public private(set) var result = Pagination()
    public private(set) var nextParagraph = 0
    /// The window of `nextParagraph` to place next (`ParagraphWindows`).
    private var nextWindow = 0
    /// The paragraph after the last one of the segment being paginated.
    private var endParagraph = 0
    /// Where the segment's last page ends once its paragraphs are done.
    private var endOffset = 0
    /// The paragraph after a heading, laid out early to see whether the heading stays with it.
    private var lookahead: ParagraphLayout?

    /// Paginates the whole book.
    public init(typesetter: Typesetter, collectText: Bool = false) {
        let segments = ChapterSegments(book: typesetter.book)
        self.init(typesetter: typesetter, segments: segments, range: 0..<segments.count, collectText: collectText)
    }

    /// Paginates one segment of `segments` (see `ChapterSegments`): its
    /// first page starts at the segment's start offset as in the whole book.
    public init(typesetter: Typesetter, segment: Int, of segments: ChapterSegments, collectText: Bool = false) {
        self.init(typesetter: typesetter, segments: segments, range: segment..<(segment + 1), collectText: collectText)
    }

    private init(typesetter: Typesetter, segments: ChapterSegments, range: Range<Int>, collectText: Bool) {
        self.typesetter = typesetter
        self.collectText = collectText
        self.segments = segments
        segment = range.lowerBound
        endSegment = range.upperBound
        flow = PageFlow(geometry: typesetter.geometry)
        beginSegment()
    }

    /// Starts the pages of segment `segment`.
    private mutating func beginSegment() {
        let paragraphs = segments.paragraphs(of: segment)
        var first = paragraphs.lowerBound
        // A segment that opens with a part no page shows starts its first page after it.
        while let skipped = typesetter.offPageRun(at: first), first < paragraphs.upperBound { first = skipped.upperBound }
        nextParagraph = min(first, paragraphs.upperBound)
        nextWindow = 0
        endParagraph = paragraphs.upperBound
        endOffset = segments.offsets(of: segment).upperBound
        lookahead = nil
        if let run = segments.fixedSections(of: segment) {
            placeFixedPages(run, from: segments.offsets(of: segment).lowerBound)
            nextParagraph = endParagraph
            return
        }
        startPage(paragraph: nextParagraph, line: 0, offset: segments.offsets(of: segment).lowerBound)
    }

    /// A run of fixed pages: a page for each spread, its text that of its sections' blocks.
    private mutating func placeFixedPages(_ run: Range<Int>, from start: Int) {
        guard let document = typesetter.book.document else { return }
        for (number, spread) in typesetter.fixedSpreads(of: run).enumerated() {
            let sections = spread.pages.map { document.sections[run.lowerBound + $0] }
            guard let first = sections.first else { continue }
            let offset = number == 0 ? start : first.offsets.lowerBound
            if let previous = result.pages.indices.last { result.pages[previous].end = offset }
            startPage(paragraph: first.paragraphs.lowerBound, line: 0, offset: offset)
            let last = result.pages.count - 1
            for section in sections {
                result.pages[last].images += typesetter.pictureCount(of: section)
                if collectText { result.pageLines[last] += typesetter.fixedPageText(of: section) }
            }
        }
    }

    public var isFinished: Bool { segment + 1 >= endSegment && nextParagraph >= endParagraph }

    /// Lays out up to `count` paragraphs (a long paragraph's windows count
    /// one each); true when the book (or segment) is done.
    public mutating func step(paragraphs count: Int) -> Bool {
        var left = count
        while true {
            while left > 0, nextParagraph < endParagraph {
                left -= 1
                if nextWindow == 0, let skipped = typesetter.offPageRun(at: nextParagraph) {
                    nextParagraph = min(endParagraph, skipped.upperBound)
                    continue
                }
                let layout = lookahead.flatMap { $0.index == nextParagraph && $0.window == nextWindow ? $0 : nil }
                    ?? typesetter.layoutParagraph(nextParagraph, window: nextWindow)
                lookahead = nil
                place(layout)
                if layout.endsParagraph {
                    nextParagraph += 1
                    nextWindow = 0
                } else {
                    nextWindow += 1
                }
            }
            guard nextParagraph >= endParagraph else { return false }
            if let last = result.pages.indices.last { result.pages[last].end = endOffset }
            guard segment + 1 < endSegment else { return true }
            segment += 1
            beginSegment()
            if left <= 0 { return false }
        }
    }

    private mutating func place(_ given: ParagraphLayout) {
        var layout = given
        // A window after the first goes on from the line before it.
        if layout.window == 0, !flow.begin(layout) {
            breakPage(before: layout, line: 0)
        } else if layout.block?.keepsWithNext == true, nextParagraph + 1 < endParagraph,
                  typesetter.offPageRun(at: nextParagraph + 1) == nil, !keepsWithNextFits(layout) {
            breakPage(before: layout, line: 0)
        }
        if let float = layout.block?.float {
            // A picture that does not fit in the rest of the page starts the next.
            if flow.placeFloat(float) == nil {
                breakPage(before: layout, line: 0)
                _ = flow.placeFloat(float)
            }
            result.pages[result.pages.count - 1].floats += 1
            return
        }
        if flow.hasFloats, let wrap = flow.wrap(lineHeight: layout.lineHeight) {
            layout = typesetter.layoutParagraph(layout.index, window: layout.window, wrap: wrap)
        }
        guard layout.style == .body else {
            for line in layout.lines.indices {
                if flow.place(lineHeight: layout.lineHeight, style: layout.style) == nil {
                    breakPage(before: layout, line: line)
                    _ = flow.place(lineHeight: layout.lineHeight, style: layout.style)
                }
                record(line, of: layout)
            }
            return
        }
        // Body text: whole runs of lines per page, moving a break so that
        // neither the first line (an orphan) nor the last (a widow) of a
        // paragraph stands alone on a page when that can be avoided.
        var line = 0
        var count = layout.lines.count
        while line < count {
            let fits = linesThatFit(layout)
            var take = min(fits, count - line)
            if take < count - line {
                if line == 0, take == 1, count >= 2, !flow.isEmpty, layout.window == 0 {
                    take = 0
                } else if count - line - take == 1, layout.endsParagraph {
                    // Two lines go over together; a three-line paragraph goes over whole.
                    if take >= 3 || (take == 2 && line > 0) {
                        take -= 1
                    } else if take == 2, !flow.isEmpty {
                        take = 0
                    }
                }
            }
            if take == 0, flow.isEmpty { take = 1 } // a line always goes on an empty page
            for _ in 0..<take {
                _ = flow.place(lineHeight: layout.lineHeight, style: layout.style)
                record(line, of: layout)
                line += 1
            }
            if line < count {
                breakPage(before: layout, line: line)
                // Moved whole to a page without floats: set at the whole measure.
                if line == 0, layout.wrap != nil {
                    layout = typesetter.layoutParagraph(layout.index, window: layout.window)
                    count = layout.lines.count
                }
            }
        }
    }

    /// Whether a block that stays with the next (a heading) fits on the
    /// page with the next block's first lines after it: two of a longer
    /// paragraph, all of one that would go over whole.
    private mutating func keepsWithNextFits(_ layout: ParagraphLayout) -> Bool {
        guard !flow.isEmpty else { return true }
        let next = typesetter.layoutParagraph(nextParagraph + 1)
        lookahead = next
        var probe = flow
        for _ in layout.lines {
            if probe.place(lineHeight: layout.lineHeight, style: layout.style) == nil { return false }
        }
        if next.startsPage || next.lines.isEmpty { return true }
        _ = probe.begin(next)
        // A heading stays with the picture floated after it.
        if let float = next.block?.float { return probe.placeFloat(float) != nil }
        let needed = next.style != .body ? 1 : next.lines.count <= 3 ? next.lines.count : 2
        for _ in 0..<needed {
            if probe.place(lineHeight: next.lineHeight, style: next.style) == nil { return false }
        }
        return true
    }

    /// How many of the paragraph's lines still fit on the current page.
    private func linesThatFit(_ layout: ParagraphLayout) -> Int {
        var probe = flow
        var fits = 0
        while fits < layout.lines.count, probe.place(lineHeight: layout.lineHeight, style: layout.style) != nil { fits += 1 }
        return fits
    }

    private mutating func record(_ line: Int, of layout: ParagraphLayout) {
        let last = result.pages.count - 1
        let box = layout.lines[line]
        result.pages[last].missingGlyphs += box.missingGlyphs
        if case .image = layout.block?.picture { result.pages[last].images += 1 }
        result.pages[last].maxSpaceStretch = max(result.pages[last].maxSpaceStretch,
                                                 spaceStretch(box, face: layout.face, paragraph: layout.index))
        if collectText { result.pageLines[last].append(layout.text(ofLine: line)) }
    }

    /// A line's inter-word space over the font's normal space.
    private func spaceStretch(_ box: LineBox, face: FontFace, paragraph: Int) -> Double {
        guard box.glueCount > 0 else { return 1 }
        guard box.alignment == .justified else { return 1 }
        let available = Double(typesetter.flowGeometry(forParagraph: paragraph).measure - box.indent - box.endIndent)
        let extra = (available - Double(box.naturalWidth)) / Double(box.glueCount)
        let space = Double(face.spaceAdvance)
        return (space + extra) / space
    }

    private mutating func breakPage(before layout: ParagraphLayout, line: Int) {
        let offset = layout.offset(ofLine: line)
        if let last = result.pages.indices.last { result.pages[last].end = offset }
        startPage(paragraph: layout.index, line: line, offset: offset, wrap: line > 0 ? layout.wrap : nil)
        if line == 0, layout.window == 0 { _ = flow.begin(layout) }
    }

    private mutating func startPage(paragraph: Int, line: Int, offset: Int, wrap: LineWrap? = nil) {
        flow = PageFlow(geometry: typesetter.flowGeometry(forParagraph: paragraph))
        result.pages.append(PageEntry(paragraph: paragraph, line: line, start: offset, end: offset, missingGlyphs: 0,
                                      wrap: wrap))
        if collectText { result.pageLines.append([]) }
    }
}
