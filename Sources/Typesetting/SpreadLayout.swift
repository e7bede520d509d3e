import BookModel

/// How a screen is cut into pages: one page filling it, or a spread of two
/// side by side, each with its own margins (the two inner ones make the
/// gutter). Where a page would hold lines longer than `widestLine`
/// characters its side margins grow until it holds `grownLine`.
public struct SpreadLayout: Sendable, Equatable {
    public let screenWidth: Int
    public let screenHeight: Int
    /// Pages a spread: 1 or 2.
    public let columns: Int
    /// Each page's geometry: the screen's, or half its width in a spread of two.
    public let page: PageGeometry

    /// A page holding longer lines than this (in characters of average
    /// width) is shown as a spread of two when `auto` is chosen.
    public static let longestLine = 75.0
    /// A page holding longer lines than this has its margins grown: lines
    /// vary around the average, and none should hold much over `longestLine`.
    public static let widestLine = 70.0
    /// The characters a line is made to hold when margins grow.
    public static let grownLine = 66.0

    /// The whole screen as one page.
    public init(single screen: PageGeometry) {
        screenWidth = screen.width
        screenHeight = screen.height
        columns = 1
        page = screen
    }

    private init(screen: PageGeometry, columns: Int, page: PageGeometry) {
        screenWidth = screen.width
        screenHeight = screen.height
        self.columns = columns
        self.page = page
    }

    /// The layout for `screen` as `choice` asks (nil: the whole screen as
    /// given), lines measured in characters `characterWidth` pixels wide
    /// (the font's average). `allowsColumns`: false for pages that are not
    /// reflowed horizontal text (fixed pages, vertical writing), which
    /// keep the whole screen.
    public static func plan(screen: PageGeometry, choice: ColumnChoice?, characterWidth: Double,
                            allowsColumns: Bool) -> SpreadLayout {
        guard let choice, allowsColumns, !screen.fillsPage, characterWidth > 0 else { return SpreadLayout(single: screen) }
        func characters(_ geometry: PageGeometry) -> Double {
            Double(geometry.width - 2 * geometry.marginLeft) / characterWidth
        }
        let single = limited(screen, characterWidth: characterWidth)
        let two = pair(screen, characterWidth: characterWidth)
        let wantsTwo: Bool
        switch choice {
        case .one: wantsTwo = false
        case .two: wantsTwo = true
        case .auto: wantsTwo = screen.width > screen.height && characters(screen) > longestLine
        }
        guard wantsTwo, let two else { return SpreadLayout(screen: screen, columns: 1, page: single) }
        return SpreadLayout(screen: screen, columns: 2, page: two)
    }

    /// Half the screen, its side margins a tenth of its width (or the
    /// share of the width `screen`'s own margins take); nil when such a
    /// page holds too little.
    private static func pair(_ screen: PageGeometry, characterWidth: Double) -> PageGeometry? {
        let width = screen.width / 2
        let margin = screen.sideMargin.map { $0 * width / max(1, screen.width) } ?? max(screen.fontSize, width / 10)
        let page = limited(PageGeometry(width: width, height: screen.height, fontSize: screen.fontSize,
                                        lineSpacing: screen.lineSpacing, sideMargin: margin),
                           characterWidth: characterWidth)
        return (try? page.validate()) == nil ? nil : page
    }

    /// `geometry` with side margins grown so that a line holds
    /// `grownLine` characters, when it would hold more than `widestLine`.
    private static func limited(_ geometry: PageGeometry, characterWidth: Double) -> PageGeometry {
        let measure = Double(geometry.width - 2 * geometry.marginLeft)
        guard measure > widestLine * characterWidth else { return geometry }
        let widest = Int((grownLine * characterWidth).rounded())
        var grown = geometry
        grown.sideMargin = (geometry.width - widest) / 2
        return grown
    }

    /// Where the page in `slot` of a spread (0: the first in reading
    /// order) starts across the screen: the first page is on the left,
    /// or on the right when pages progress right to left.
    public func originX(ofSlot slot: Int, rightToLeft: Bool) -> Int {
        guard columns > 1 else { return 0 }
        return (slot == 0) != rightToLeft ? 0 : screenWidth - page.width
    }

    /// The slot of the page whose spread is shown at `x` across the screen.
    public func slot(atX x: Double, rightToLeft: Bool) -> Int {
        guard columns > 1 else { return 0 }
        let right = x >= Double(screenWidth - page.width)
        return right != rightToLeft ? 1 : 0
    }
}

/// Which pages make which spread: pages pair from the start of the book
/// (its first and second page make the first spread), so a run of pages
/// that does not start the book pairs by the pages before it.
public struct SpreadMap: Sendable, Equatable {
    public let columns: Int
    /// How many pages of the first spread come before the first page of the run.
    public let phase: Int

    /// Spreads of `columns` pages over a run of pages with `pagesBefore` pages of the book before it.
    public init(columns: Int, pagesBefore: Int = 0) {
        self.columns = max(1, columns)
        phase = self.columns > 1 ? pagesBefore % self.columns : 0
    }

    public func spread(ofPage page: Int) -> Int { (page + phase) / columns }

    /// The page's place in its spread: 0 for the first in reading order.
    public func slot(ofPage page: Int) -> Int { (page + phase) % columns }

    /// The pages of spread `index`, past either end of the run too.
    public func pages(ofSpread index: Int) -> Range<Int> {
        (index * columns - phase)..<((index + 1) * columns - phase)
    }

    /// The pages of spread `index` among `pageCount` pages.
    public func pages(ofSpread index: Int, pageCount: Int) -> Range<Int> {
        let all = pages(ofSpread: index)
        let lower = max(0, all.lowerBound), upper = min(pageCount, all.upperBound)
        return lower..<max(lower, upper)
    }

    public func spreadCount(pageCount: Int) -> Int {
        pageCount <= 0 ? 0 : spread(ofPage: pageCount - 1) + 1
    }
}
