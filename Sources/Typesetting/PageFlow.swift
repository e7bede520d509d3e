import BookModel

/// Vertical placement of lines on a page, and of the pictures floated
/// beside them. Pagination and page layout both run it, so a page shows
/// exactly the lines pagination gave it.
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
    /// Pictures floated beside the text on this page, in the order placed.
    private(set) var floats: [PlacedFloat] = []

    init(geometry: PageGeometry) { self.geometry = geometry }

    var isEmpty: Bool { y == 0 && !hasBody }

    var hasFloats: Bool { !floats.isEmpty }

    /// Call before a paragraph's or block's first line; false when it must start a new page.
    mutating func begin(_ layout: ParagraphLayout) -> Bool {
        guard let block = layout.block else { return beginParagraph(layout.style, startsPage: layout.startsPage) }
        if layout.startsPage, !isEmpty { return false }
        // A floated picture is out of the flow: `placeFloat` sets it.
        if block.float != nil { return true }
        // Margins collapse: the larger of the two spaces between blocks.
        pendingGap = max(spaceAfter, block.spaceBefore)
        spaceAfter = block.spaceAfter
        if layout.startsPage { topGap = min(pendingGap, geometry.contentHeight / 3) }
        // A picture in the flow goes below the floated ones rather than squeeze beside them.
        if !floats.isEmpty { clear(block.picture != nil ? .both : block.clear) }
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

/// A floated picture placed on a page: its box and the top of its margins.
struct PlacedFloat: Equatable {
    var box: FloatBox
    var top: Int
    var bottom: Int { top + box.outerHeight }
}

extension PageFlow {
    /// Places a floated picture at the top of the next line, below the
    /// pictures floated to the same side before it; its top (that of its
    /// margin), or nil when the picture does not fit in the rest of the
    /// page. A page with nothing on it takes it whatever its size.
    mutating func placeFloat(_ box: FloatBox) -> Int? {
        var top = y == 0 ? 0 : y + spaceAfter
        for float in floats where float.box.side == box.side { top = max(top, float.bottom) }
        if top + box.marginTop + box.height > geometry.contentHeight, !(isEmpty && floats.isEmpty) { return nil }
        floats.append(PlacedFloat(box: box, top: top))
        return top
    }

    /// How far the floated pictures reach into the lines of a block about
    /// to be set, lines `lineHeight` high; nil when they reach none of the
    /// lines that fit on the page (the lines after them go on the next
    /// page, which has no floats of this one).
    func wrap(lineHeight: Int) -> LineWrap? {
        guard !floats.isEmpty, lineHeight > 0 else { return nil }
        var top = y + (y > 0 ? pendingGap : topGap)
        let lowest = floats.map(\.bottom).max() ?? 0
        var insets: [LineWrap.Inset] = []
        while top < lowest, top + lineHeight <= geometry.contentHeight {
            var inset = LineWrap.Inset(left: 0, right: 0)
            for float in floats where float.top < top + lineHeight && float.bottom > top {
                switch float.box.side {
                case .left: inset.left = max(inset.left, float.box.reach)
                case .right: inset.right = max(inset.right, float.box.reach)
                }
            }
            insets.append(inset)
            top += lineHeight
        }
        while let last = insets.last, last.left == 0, last.right == 0 { insets.removeLast() }
        return insets.isEmpty ? nil : LineWrap(lines: insets)
    }

    /// Moves the next line below the pictures floated to `sides`.
    private mutating func clear(_ sides: BlockStyle.Clear) {
        guard !sides.isEmpty else { return }
        let bottom = floats.filter { sides.contains(side: $0.box.side) }.map(\.bottom).max() ?? 0
        guard y + (y > 0 ? pendingGap : topGap) < bottom else { return }
        y = bottom
        pendingGap = 0
        topGap = 0
    }
}
