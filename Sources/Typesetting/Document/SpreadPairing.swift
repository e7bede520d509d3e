import BookModel

/// What one screen of fixed pages shows: one page alone, or two side by
/// side as a printed book's spread.
public struct FixedSpread: Sendable, Equatable {
    /// Indices into the pages paired, in reading order.
    public var pages: [Int]
    /// The page on the left half and the one on the right half of a
    /// spread; both nil for a page shown alone on the whole screen.
    public var left: Int?
    public var right: Int?

    /// True when the pages share the screen (one half may stay empty).
    public var isSpread: Bool { left != nil || right != nil }
}

/// Pairs fixed pages into spreads as the book asks: in landscape only,
/// each page on the side it names (`page-spread-left/right`), a page of
/// no side on the next free one (the left first in a left-to-right book,
/// the right first in a right-to-left one); a page that does not pair, is
/// centred, or is landscape among portrait pages is shown alone.
public enum SpreadPairing {
    public static func spreads(of pages: [FixedPage], landscape: Bool, progression: PageProgression) -> [FixedSpread] {
        guard landscape else { return pages.indices.map { FixedSpread(pages: [$0]) } }
        // The half a spread's first page in reading order takes, and the other.
        let first: PageSide = progression == .rightToLeft ? .right : .left
        let second: PageSide = first == .left ? .right : .left
        // A landscape page among portrait ones is a two-page spread by itself, as is one with no page
        // beside it; a run of landscape pages pairs them.
        let widePagesStandAlone = pages.count < 2 || pages.contains { !$0.isLandscape }
        var result: [FixedSpread] = []
        var open: FixedSpread?
        func close() {
            if let spread = open { result.append(spread) }
            open = nil
        }
        for (index, page) in pages.enumerated() {
            guard page.pairs, page.side != .centre, !(widePagesStandAlone && page.isLandscape) else {
                close()
                result.append(FixedSpread(pages: [index]))
                continue
            }
            var side = page.side
            if side == .auto { side = open == nil ? first : second }
            if side == first {
                close()
                open = FixedSpread(pages: [index])
                open?.set(index, on: side)
            } else {
                if open == nil { open = FixedSpread(pages: []) }
                open?.pages.append(index)
                open?.set(index, on: side)
                close()
            }
        }
        close()
        return result
    }
}

extension FixedSpread {
    init(pages: [Int]) {
        self.pages = pages
        left = nil
        right = nil
    }

    mutating func set(_ page: Int, on side: PageSide) {
        if side == .left { left = page } else { right = page }
    }
}
