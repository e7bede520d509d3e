import BookModel
import Geometry

/// A fixed page as a screen page shows it.
public struct PlacedFixedPage: Sendable {
    public var page: FixedPage
    /// Where the page is drawn, in the screen page's pixels: fitted, its
    /// aspect kept.
    public var box: PixelRect
    /// A `.laidOut` page's own layout; nil for other pages.
    public var content: FixedPageContent?

    /// Screen pixels per natural unit of the page.
    public var scale: Double { Double(box.width) / page.width }
}

/// A `.laidOut` fixed page's layout in its natural units (CSS pixels):
/// the blocks in the flow, and each block placed in a box of its own, with
/// the fonts their glyphs' face numbers refer to. It is used on the thread
/// that laid it out, as the typesetter it came from is.
public final class FixedPageContent: @unchecked Sendable {
    public struct Part {
        /// Glyphs, images and links from the page's top-left corner.
        public let layout: PageLayout
        public let fonts: FontSet
    }

    public let parts: [Part]

    init(parts: [Part]) { self.parts = parts }
}

/// Which sections of a book are fixed pages, and the spreads they make at
/// one geometry.
struct FixedPageIndex {
    /// For each section that is a fixed page shown in the flow, its spread
    /// (page numbers are the document's section indices).
    private var spreads: [Int: FixedSpread] = [:]

    init(book: Book, landscape: Bool) {
        guard let document = book.document, document.sections.contains(where: { $0.fixedPage != nil }) else { return }
        let segments = ChapterSegments(book: book)
        for segment in 0..<segments.count {
            guard let run = segments.fixedSections(of: segment) else { continue }
            let pages = run.compactMap { document.sections[$0].fixedPage }
            for var spread in SpreadPairing.spreads(of: pages, landscape: landscape,
                                                    progression: document.pageProgression) {
                spread.pages = spread.pages.map { $0 + run.lowerBound }
                spread.left = spread.left.map { $0 + run.lowerBound }
                spread.right = spread.right.map { $0 + run.lowerBound }
                for page in spread.pages { spreads[page] = spread }
            }
        }
    }

    var isEmpty: Bool { spreads.isEmpty }

    func spread(ofSection index: Int) -> FixedSpread? { spreads[index] }
}

extension Typesetter {
    /// The spreads the fixed pages of `run` (sections of the document) make, numbered within the run.
    func fixedSpreads(of run: Range<Int>) -> [FixedSpread] {
        guard let document = book.document else { return [] }
        let pages = run.compactMap { document.sections[$0].fixedPage }
        return SpreadPairing.spreads(of: pages, landscape: geometry.width > geometry.height,
                                     progression: document.pageProgression)
    }

    /// The pictures a fixed page shows: itself, or a laid-out page's images.
    func pictureCount(of section: BookSection) -> Int {
        guard let page = section.fixedPage else { return 0 }
        guard page.content == .laidOut, let document = book.document else { return 1 }
        return document.blocks[section.paragraphs].filter { if case .image = $0.kind { return true } else { return false } }.count
    }

    /// The text of a fixed page's blocks, a line each (images' placeholders left out).
    func fixedPageText(of section: BookSection) -> [String] {
        book.paragraphs[section.paragraphs].compactMap { paragraph in
            var text = String(decoding: book.text.utf8[paragraph.bytes], as: UTF8.self)
            text.unicodeScalars.removeAll { $0 == "\u{FFFC}" }
            return text.isEmpty ? nil : text
        }
    }

    /// The document section holding paragraph `index`.
    func section(holdingParagraph index: Int) -> Int? {
        guard let sections = book.document?.sections, !sections.isEmpty else { return nil }
        var low = 0, high = sections.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if sections[mid].paragraphs.lowerBound <= index { low = mid } else { high = mid - 1 }
        }
        return sections[low].paragraphs.contains(index) || sections[low].paragraphs.isEmpty ? low : nil
    }

    /// Page `index` when it shows fixed pages: each fitted into its half
    /// of the screen (or the whole screen alone), centred, its links
    /// placed; nil for a page of flowing text.
    func layoutFixedPages(_ index: Int, entry: PageEntry) -> PageLayout? {
        guard !geometry.fillsPage, let document = book.document,
              let sectionIndex = section(holdingParagraph: entry.paragraph),
              document.sections[sectionIndex].fixedPage != nil else { return nil }
        if fixedPages.index == nil {
            fixedPages.index = FixedPageIndex(book: book, landscape: geometry.width > geometry.height)
        }
        let spread = fixedPages.index?.spread(ofSection: sectionIndex) ?? FixedSpread(pages: [sectionIndex])
        var page = PageLayout(pageIndex: index, entry: entry)
        page.resources = document.resources
        let width = geometry.width, height = geometry.height, half = width / 2
        var slots: [(section: Int, area: PixelRect, align: Alignment)] = []
        if spread.isSpread {
            if let left = spread.left { slots.append((left, PixelRect(x: 0, y: 0, width: half, height: height), .trailing)) }
            if let right = spread.right {
                slots.append((right, PixelRect(x: half, y: 0, width: width - half, height: height), .leading))
            }
        } else {
            slots = spread.pages.map { ($0, PixelRect(x: 0, y: 0, width: width, height: height), .centre) }
        }
        for slot in slots {
            let section = document.sections[slot.section]
            guard let fixed = section.fixedPage else { continue }
            let box = Self.fit(fixed, in: slot.area, align: slot.align)
            var placed = PlacedFixedPage(page: fixed, box: box)
            if fixed.content == .laidOut { placed.content = layoutContent(of: section, page: fixed) }
            page.fixedPages.append(placed)
            let scale = placed.scale
            for link in placed.content?.parts.flatMap(\.layout.links) ?? [] {
                let rect = PixelRect(x: box.x + Int((Double(link.box.x) * scale).rounded()),
                                     y: box.y + Int((Double(link.box.y) * scale).rounded()),
                                     width: max(1, Int((Double(link.box.width) * scale).rounded())),
                                     height: max(1, Int((Double(link.box.height) * scale).rounded())))
                page.links.append(PageLink(box: rect, target: link.target, isNoteReference: link.isNoteReference))
            }
            for link in fixed.links {
                guard let target = document.anchors[link.target] else { continue }
                let rect = PixelRect(x: box.x + Int((link.x * scale).rounded()), y: box.y + Int((link.y * scale).rounded()),
                                     width: max(1, Int((link.width * scale).rounded())),
                                     height: max(1, Int((link.height * scale).rounded())))
                page.links.append(PageLink(box: rect, target: target, isNoteReference: false))
            }
            page.lines += fixedPageText(of: section)
        }
        return page
    }

    enum Alignment { case leading, centre, trailing }

    /// `page` scaled to fit `area`, its aspect kept, centred across the
    /// area or against the spread's fold, centred down it.
    static func fit(_ page: FixedPage, in area: PixelRect, align: Alignment) -> PixelRect {
        let (width, height) = page.fitted(width: area.width, height: area.height)
        let x: Int
        switch align {
        case .leading: x = area.x
        case .centre: x = area.x + (area.width - width) / 2
        case .trailing: x = area.maxX - width
        }
        return PixelRect(x: x, y: area.y + (area.height - height) / 2, width: width, height: height)
    }

    /// A laid-out page's blocks set in its natural size, 16 px to the em
    /// as CSS's medium: the blocks in the flow from the top of the page
    /// down, each run of them below the one before; a block with a
    /// placement box in that box.
    private func layoutContent(of section: BookSection, page: FixedPage) -> FixedPageContent? {
        guard let document = book.document else { return nil }
        var parts: [FixedPageContent.Part] = []
        var flowTop = 0.0
        var run: Range<Int>?
        func layOutRun() {
            guard let paragraphs = run else { return }
            run = nil
            let height = max(1, page.height - flowTop)
            guard let part = layoutPart(paragraphs, width: page.width, height: height, x: 0, y: flowTop) else { return }
            parts.append(part)
            flowTop = Double(Self.bottom(of: part.layout, lineHeight: part.fonts.body.pixelSize))
        }
        for paragraph in section.paragraphs {
            if let box = document.blocks[paragraph].style.placement {
                layOutRun()
                let left = box.left ?? 0, top = box.top ?? flowTop
                let width = box.width ?? max(1, page.width - left), height = box.height ?? max(1, page.height - top)
                if let part = layoutPart(paragraph..<(paragraph + 1), width: width, height: height, x: left, y: top) {
                    parts.append(part)
                }
            } else {
                run = (run?.lowerBound ?? paragraph)..<(paragraph + 1)
            }
        }
        layOutRun()
        return FixedPageContent(parts: parts)
    }

    /// `paragraphs` laid out in a box of `width` x `height` CSS pixels whose corner is at (`x`, `y`).
    private func layoutPart(_ paragraphs: Range<Int>, width: Double, height: Double, x: Double,
                            y: Double) -> FixedPageContent.Part? {
        func side(_ length: Double) -> Int {
            min(PageGeometry.maximumSide, max(PageGeometry.minimumSide, Int(length.rounded())))
        }
        let natural = PageGeometry(width: side(width), height: side(height), fontSize: 16, lineSpacing: 1.2, sideMargin: 0,
                                   fillsPage: true)
        let typesetter: Typesetter
        if let kept = fixedPages.typesetters[natural] {
            typesetter = kept
        } else {
            guard let made = try? Typesetter(matching: self, geometry: natural) else { return nil }
            if fixedPages.typesetters.count >= FixedPageMemo.typesetterLimit { fixedPages.typesetters.removeAll() }
            fixedPages.typesetters[natural] = made
            typesetter = made
        }
        let start = book.paragraphs[paragraphs.lowerBound].scalars.lowerBound
        let end = book.paragraphs[paragraphs.upperBound - 1].scalars.upperBound
        let entry = PageEntry(paragraph: paragraphs.lowerBound, line: 0, start: start, end: end, missingGlyphs: 0)
        // A second page after it ends the first where the paragraphs do.
        let after = PageEntry(paragraph: paragraphs.upperBound, line: 0, start: end, end: end, missingGlyphs: 0)
        var layout = typesetter.layoutPage(0, of: Pagination(pages: [entry, after]))
        if x != 0 || y != 0 { Self.move(&layout, x: Int((x).rounded()), y: Int((y).rounded())) }
        return FixedPageContent.Part(layout: layout, fonts: typesetter.fonts)
    }

    /// How far down a part reaches: its last baseline with a descent below it, or its lowest picture.
    private static func bottom(of layout: PageLayout, lineHeight: Int) -> Int {
        let text = layout.glyphs.map { (Int($0.y) + 32) >> 6 }.max().map { $0 + lineHeight * 3 / 10 } ?? 0
        let pictures = (layout.images.map(\.box) + layout.rules).map(\.maxY).max() ?? 0
        return max(text, pictures)
    }

    private static func move(_ layout: inout PageLayout, x: Int, y: Int) {
        let dx = Int32(x * 64), dy = Int32(y * 64)
        layout.glyphs = layout.glyphs.map { glyph in
            var moved = glyph
            moved.x += dx
            moved.y += dy
            return moved
        }
        func shifted(_ rect: PixelRect) -> PixelRect { PixelRect(x: rect.x + x, y: rect.y + y, width: rect.width, height: rect.height) }
        layout.images = layout.images.map { image in
            var moved = image
            moved.box = shifted(image.box)
            moved.alternative = image.alternative.map { glyph in
                var placed = glyph
                placed.x += dx
                placed.y += dy
                return placed
            }
            return moved
        }
        layout.rules = layout.rules.map(shifted)
        layout.underlines = layout.underlines.map(shifted)
        layout.links = layout.links.map { link in
            var moved = link
            moved.box = shifted(link.box)
            return moved
        }
    }
}

/// What a typesetter keeps for laying out fixed pages: the spreads at its
/// geometry, and the typesetters of laid-out pages' natural sizes.
final class FixedPageMemo {
    /// Laid-out pages' boxes of more sizes than this start the set afresh.
    static let typesetterLimit = 16
    var index: FixedPageIndex?
    var typesetters: [PageGeometry: Typesetter] = [:]
}
