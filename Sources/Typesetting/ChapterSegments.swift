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
    /// For each segment that is a run of fixed pages, the indices of its
    /// sections in the book's document; nil for a segment that flows.
    private let fixedRuns: [Range<Int>?]

    public init(book: Book) {
        let paragraphs = book.paragraphs
        allParagraphs = paragraphs
        paragraphCount = paragraphs.count
        scalarCount = book.text.scalarCount
        if let document = book.document {
            let sections = document.sections
            let anyLinear = sections.contains(where: \.isLinear)
            // A book of sections all reached by links only is read in order all the same.
            let shown = sections.indices.filter { !anyLinear || sections[$0].isLinear }
            // Fixed pages that may share a spread stay in one segment, so pairing them needs no other.
            var runs: [Range<Int>?] = []
            var firsts: [Int] = [], ends: [Int] = [], starts: [Int] = []
            for index in shown {
                let section = sections[index]
                if let page = section.fixedPage, page.pairs, let last = runs.last, let run = last,
                   run.upperBound == index, sections[run.lowerBound].fixedPage?.pairs == true {
                    runs[runs.count - 1] = run.lowerBound..<(index + 1)
                    ends[ends.count - 1] = section.paragraphs.upperBound
                    continue
                }
                runs.append(section.fixedPage == nil ? nil : index..<(index + 1))
                firsts.append(section.paragraphs.lowerBound)
                ends.append(section.paragraphs.upperBound)
                starts.append(section.offsets.lowerBound)
            }
            firstParagraphs = shown.isEmpty ? [0] : firsts
            endParagraphs = shown.isEmpty ? [paragraphs.count] : ends
            fixedRuns = shown.isEmpty ? [nil] : runs
            // The first page starts the book; each segment's pages run on to the next one's start,
            // over the sections between them that no page shows.
            startOffsets = [0] + starts.dropFirst()
            return
        }
        endParagraphs = nil
        fixedRuns = []
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

    /// The document's sections that segment `index` is made of when they
    /// are fixed pages; nil when its blocks flow over pages.
    public func fixedSections(of index: Int) -> Range<Int>? {
        fixedRuns.indices.contains(index) ? fixedRuns[index] : nil
    }

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
            if let run = fixedSections(of: segment) { return Double(run.count) }
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
