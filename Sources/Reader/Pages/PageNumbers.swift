import Languages
import Typesetting

/// Page numbers as the footers give them, for any place in the book:
/// exact where the pages are known and the pages before them are too,
/// else estimated and marked `~`.
struct PageNumbers {
    /// The pages the scroll view holds.
    let window: PageWindow
    /// The pages before the window as the footers count them (0 when it starts the book).
    let pagesBefore: Int
    /// The numbers are the book's own, not estimates.
    let areExact: Bool
    let known: Pagination
    /// The book's length in characters.
    let length: Int

    /// The book's page count as known or estimated now.
    var total: Int { known.estimatedPageCount ?? (known.pagesBefore + known.pages.count) }

    /// The page number a character offset is on.
    func label(forOffset offset: Int) -> String {
        if let index = window.pageIndex(containing: offset) {
            return (areExact ? "" : "~") + String(pagesBefore + index + 1)
        }
        let fraction = Double(offset) / Double(max(1, length))
        return "~" + String(max(1, Int((Double(total) * fraction).rounded(.down)) + 1))
    }

    /// The page number (1-based) of each offset whose page is known.
    func pages(of offsets: [Int]) -> [Int] {
        offsets.compactMap { offset in window.pageIndex(containing: offset).map { pagesBefore + $0 + 1 } }
    }

    /// "Page ~N" for a point `fraction` of the way through the book (a drag on the slider).
    func estimatedLabel(atFraction fraction: Double, catalog: MessageCatalog) -> String {
        catalog.localized("Page %s", "~" + catalog.number(max(1, Int((Double(total) * fraction).rounded(.up)))))
    }
}
