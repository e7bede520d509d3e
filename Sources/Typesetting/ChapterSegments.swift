import BookModel

/// The book cut at the places where pagination starts afresh, so each piece
/// (a "segment", usually a chapter) can be paginated on its own.
///
/// A heading that follows a paragraph with text always starts a new page
/// with a fresh page flow (`PageFlow.beginParagraph` refuses it after body
/// lines), so the pages from such a heading on do not depend on anything
/// before it. Segments run from one such heading to the next; the first
/// starts at the beginning of the book. The pages of the segments, one
/// after the other, are exactly the pages of the whole book. The cut
/// depends only on paragraph styles, not on the geometry or the font.
public struct ChapterSegments: Sendable, Equatable {
    /// The first paragraph of each segment, ascending; the first is 0.
    public let firstParagraphs: [Int]
    /// Scalar offset where each segment's first page starts (0 for the first).
    public let startOffsets: [Int]
    public let paragraphCount: Int
    public let scalarCount: Int
    private let allParagraphs: [Paragraph]
    /// One past each segment's last paragraph, when segments do not follow
    /// each other (a structured book's sections reached only by links are
    /// in no segment); nil when each ends where the next begins.
    private let endParagraphs: [Int]?

    public init(book: Book) {
        let paragraphs = book.paragraphs
        allParagraphs = paragraphs
        paragraphCount = paragraphs.count
        scalarCount = book.text.scalarCount
        if let document = book.document {
            let linear = document.sections.filter(\.isLinear)
            // A book of sections all reached by links only is read in order all the same.
            let shown = linear.isEmpty ? document.sections : linear
            firstParagraphs = shown.isEmpty ? [0] : shown.map(\.paragraphs.lowerBound)
            endParagraphs = shown.isEmpty ? [paragraphs.count] : shown.map(\.paragraphs.upperBound)
            // The first page starts the book; each segment's pages run on to the next one's start,
            // over the sections between them that no page shows.
            startOffsets = [0] + shown.dropFirst().map(\.offsets.lowerBound)
            return
        }
        endParagraphs = nil
        var firsts = [0]
        var starts = [0]
        for index in paragraphs.indices.dropFirst() {
            let previous = paragraphs[index - 1]
            // A paragraph with scalars always places at least one line.
            guard paragraphs[index].style == .heading, previous.style != .heading,
                  !previous.scalars.isEmpty else { continue }
            firsts.append(index)
            starts.append(paragraphs[index].scalars.lowerBound)
        }
        firstParagraphs = firsts
        startOffsets = starts
    }

    public var count: Int { firstParagraphs.count }

    /// The paragraphs of segment `index`.
    public func paragraphs(of index: Int) -> Range<Int> {
        if let endParagraphs { return firstParagraphs[index]..<endParagraphs[index] }
        return firstParagraphs[index]..<(index + 1 < count ? firstParagraphs[index + 1] : paragraphCount)
    }

    /// The scalar offsets segment `index` covers: its pages start at the
    /// lower bound and the last one ends at the upper bound.
    public func offsets(of index: Int) -> Range<Int> {
        startOffsets[index]..<(index + 1 < count ? startOffsets[index + 1] : scalarCount)
    }

    /// The segment whose pages hold scalar offset `offset`.
    public func segment(containing offset: Int) -> Int {
        var low = 0, high = count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if startOffsets[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }
}

extension ChapterSegments {
    /// A rough page count of every segment at `geometry`, without shaping:
    /// each paragraph's lines from its length (a character half an em wide,
    /// one of CJK's three-byte characters a whole em), a chapter drop of two
    /// lines for each heading, and whole pages per segment (each starts a
    /// page). It keeps the shape of the book (short paragraphs of dialogue,
    /// short chapters), so scaled by how it did on paginated segments it
    /// estimates the rest.
    public func roughPageCounts(at geometry: PageGeometry) -> [Double] {
        let emsPerLine = max(1, Double(geometry.measure) / 64 / Double(geometry.fontSize))
        let linesPerPage = Double(max(1, geometry.linesPerPage))
        return (0..<count).map { segment in
            var lines = 0.0
            for paragraph in allParagraphs[paragraphs(of: segment)] {
                let characters = paragraph.scalars.count
                // Three UTF-8 bytes a character is CJK; two (Cyrillic, Greek) is still narrow.
                let wide = min(characters, max(0, paragraph.bytes.count - 2 * characters))
                let ems = 0.52 * Double(characters - wide) + Double(wide)
                lines += max(1, (ems / emsPerLine).rounded(.up))
                if paragraph.style == .heading { lines += 2 }
            }
            return max(1, (lines / linesPerPage).rounded(.up))
        }
    }
}

extension Typesetter {
    /// The pages of one segment, as `paginate()` gives them for that part of the book.
    public func paginate(segment index: Int, of segments: ChapterSegments, collectText: Bool = false) -> Pagination {
        var paginator = Paginator(typesetter: self, segment: index, of: segments, collectText: collectText)
        while !paginator.step(paragraphs: 256) {}
        return paginator.result
    }
}
