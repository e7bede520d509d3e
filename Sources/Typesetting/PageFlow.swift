import BookModel

/// Vertical placement of lines on a page. Pagination and page layout both
/// run it, so a page shows exactly the lines pagination gave it.
struct PageFlow {
    let geometry: PageGeometry
    /// Top of the next line, pixels below the content top.
    private(set) var y = 0
    private var hasBody = false
    private var pendingGap = 0
    private var previousStyle: ParagraphStyle?
    /// The space the last structured block asks for after it.
    private var spaceAfter = 0
    /// Space kept above the first line of a page a structured block starts
    /// by force (a section, a page break): margins survive a forced break.
    private var topGap = 0

    init(geometry: PageGeometry) { self.geometry = geometry }

    var isEmpty: Bool { y == 0 && !hasBody }

    /// Call before a paragraph's or block's first line; false when it must start a new page.
    mutating func begin(_ layout: ParagraphLayout) -> Bool {
        guard let block = layout.block else { return beginParagraph(layout.style, startsPage: layout.startsPage) }
        if layout.startsPage, !isEmpty { return false }
        // Margins collapse: the larger of the two spaces between blocks.
        pendingGap = max(spaceAfter, block.spaceBefore)
        spaceAfter = block.spaceAfter
        if layout.startsPage { topGap = min(pendingGap, geometry.contentHeight / 3) }
        return true
    }

    /// Call before a paragraph's first line. False when the paragraph must
    /// start a new page (a heading after text, or one that `startsPage`).
    mutating func beginParagraph(_ style: ParagraphStyle, startsPage: Bool = false) -> Bool {
        if startsPage, !isEmpty { return false }
        switch style {
        case .heading:
            if hasBody { return false }
            if y == 0 { y = geometry.lineHeight * 2 } // chapter drop
        case .preserved:
            pendingGap = geometry.lineHeight
        case .contents:
            // A run of entries is one list, set apart from the text around it.
            pendingGap = previousStyle == .contents ? 0 : geometry.lineHeight
        case .body:
            // Text after a heading, verse or a list stands a line apart.
            pendingGap = previousStyle == nil || previousStyle == .body ? 0 : geometry.lineHeight
        }
        previousStyle = style
        return true
    }

    /// The top of a line of this height, or nil when it does not fit. A
    /// line always goes on an empty page, however tall (a text book's never
    /// is too tall; a structured book's picture never is either).
    mutating func place(lineHeight: Int, style: ParagraphStyle) -> Int? {
        var gap = y > 0 ? pendingGap : topGap
        if y + gap + lineHeight > geometry.contentHeight {
            guard y == 0 else { return nil }
            gap = 0
        }
        let top = y + gap
        y = top + lineHeight
        pendingGap = 0
        topGap = 0
        if style != .heading { hasBody = true }
        return top
    }
}
