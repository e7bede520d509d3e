import BookModel

/// Judges of the fixed-layout tests: which spine items are fixed pages,
/// their natural sizes, and how screen pages place them (alone, centred,
/// or side by side in a spread).
extension W3CExpectation.Judge {
    /// The landscape screen (and the portrait one when given) shows the
    /// spine items as `spreads`: screen pages of section indices, left to right.
    static func spreads(_ landscape: [[Int]], portrait: [[Int]]? = nil) -> Self {
        .program { context in
            var observed: [String] = []
            var passed = true
            for (size, expected) in [((1280, 800), landscape), ((800, 1280), portrait)] {
                guard let expected else { continue }
                let book = context.book(width: size.0, height: size.1)
                if let error = book.error { return Verdict(false, "refused: \(error)") }
                let shown = FixedLayoutJudges.screens(book)
                passed = passed && shown == expected
                observed.append("at \(size.0)x\(size.1) screen pages show sections \(shown)")
            }
            return Verdict(passed, observed.joined(separator: "; "))
        }
    }

    /// Section `section` is shown on the `side` of a two-page spread on a landscape screen.
    static func onSide(_ section: Int, left: Bool) -> Self {
        .program { context in
            let book = context.book()
            if let error = book.error { return Verdict(false, "refused: \(error)") }
            guard let (screen, page) = FixedLayoutJudges.find(section, in: book) else {
                return Verdict(false, "section \(section) is on no screen page as a fixed page")
            }
            let middle = book.geometry.width / 2
            let isLeft = page.x + page.width <= middle + 1, isRight = page.x >= middle - 1
            return Verdict(left ? isLeft : isRight, "section \(section) on screen page \(screen + 1) at x \(page.x)..\(page.x + page.width) "
                + "of \(book.geometry.width); the page shows sections \(book.pages[screen].fixedPages.map(\.section))")
        }
    }

    /// Section `section` is shown alone, centred on a landscape screen.
    static func centred(_ section: Int) -> Self {
        .program { context in
            let book = context.book()
            if let error = book.error { return Verdict(false, "refused: \(error)") }
            guard let (screen, page) = FixedLayoutJudges.find(section, in: book) else {
                return Verdict(false, "section \(section) is on no screen page as a fixed page")
            }
            let alone = book.pages[screen].fixedPages.count == 1
            let centre = page.x + page.width / 2
            let centred = abs(centre - book.geometry.width / 2) <= 2
            return Verdict(alone && centred, "section \(section) on screen page \(screen + 1) "
                + "\(alone ? "alone" : "with another"), its centre at x \(centre) of \(book.geometry.width)")
        }
    }

    /// Exactly the sections `fixed` are fixed pages (the others flow as
    /// text), each shown fitted on a screen page, and every section's
    /// text is on the pages.
    static func fixedSections(_ fixed: Set<Int>, of count: Int) -> Self {
        .program { context in
            let book = context.book()
            if let error = book.error { return Verdict(false, "refused: \(error)") }
            guard let sections = book.book?.document?.sections, sections.count == count else {
                return Verdict(false, "\(book.book?.document?.sections.count ?? 0) sections for \(count) spine items")
            }
            let isFixed = Set(sections.indices.filter { sections[$0].fixedPage != nil })
            let shown = Set(book.pages.flatMap(\.fixedPages).map(\.section))
            let fitted = book.pages.flatMap(\.fixedPages).allSatisfy { page in
                page.x >= 0 && page.y >= 0 && page.x + page.width <= book.geometry.width
                    && page.y + page.height <= book.geometry.height
            }
            return Verdict(isFixed == fixed && shown == fixed && fitted,
                           "fixed pages: sections \(isFixed.sorted()), shown \(shown.sorted())\(fitted ? ", each fitted to the screen" : ", not fitted")")
        }
    }

    /// Each fixed page has the natural size given for its section, and is drawn.
    static func naturalSizes(_ sizes: [Int: (width: Double, height: Double)]) -> Self {
        .program { context in
            let book = context.book()
            if let error = book.error { return Verdict(false, "refused: \(error)") }
            let sections = book.book?.document?.sections ?? []
            var passed = true
            var observed: [String] = []
            for (section, size) in sizes.sorted(by: { $0.key < $1.key }) {
                let page = sections.indices.contains(section) ? sections[section].fixedPage : nil
                let shown = book.pages.contains { $0.fixedPages.contains { $0.section == section } }
                passed = passed && page?.width == size.width && page?.height == size.height && shown
                observed.append("section \(section): " + (page.map { "\(Int($0.width))x\(Int($0.height))" } ?? "not a fixed page")
                    + (shown ? "" : ", not shown"))
            }
            return Verdict(passed, observed.joined(separator: "; "))
        }
    }

    /// Each fixed page fills the whole screen, whatever its size.
    static let fillsScreen = Self.program { context in
        var observed: [String] = []
        var passed = true
        for size in [(1280, 800), (800, 1280)] {
            let book = context.book(width: size.0, height: size.1)
            if let error = book.error { return Verdict(false, "refused: \(error)") }
            let pages = book.pages.flatMap(\.fixedPages)
            let fills = !pages.isEmpty && pages.allSatisfy { $0.width == size.0 && $0.height == size.1 }
            passed = passed && fills
            observed.append("at \(size.0)x\(size.1): " + pages.map { "\($0.width)x\($0.height)" }.joined(separator: ", "))
        }
        return Verdict(passed, observed.joined(separator: "; "))
    }

    /// A picture of the book whose resource ends in `resource` is drawn on a page.
    static func drawsPicture(_ resource: String) -> Self {
        .program { context in
            let book = context.book()
            if let error = book.error { return Verdict(false, "refused: \(error)") }
            let drawn = book.imagesDrawn.filter { !$0.isEmpty }
            return Verdict(drawn.contains { $0.hasSuffix(resource) }, "pictures drawn: [\(drawn.joined(separator: ", "))]")
        }
    }

    /// Every condition holds.
    static func all(_ judges: Self...) -> Self {
        .program { context in
            var observed: [String] = []
            var passed = true
            for judge in judges {
                guard case let .program(run) = judge else { continue }
                let verdict = run(context)
                passed = passed && verdict.passed
                observed.append(verdict.observed)
            }
            return Verdict(passed, observed.joined(separator: "; "))
        }
    }
}

enum FixedLayoutJudges {
    /// The sections of the fixed pages on each screen page that shows any, left to right.
    static func screens(_ book: ObservedBook) -> [[Int]] {
        book.pages.map { $0.fixedPages.map(\.section) }.filter { !$0.isEmpty }
    }

    /// The screen page showing section `section` as a fixed page, and where.
    static func find(_ section: Int, in book: ObservedBook) -> (Int, ObservedFixedPage)? {
        for (index, page) in book.pages.enumerated() {
            if let found = page.fixedPages.first(where: { $0.section == section }) { return (index, found) }
        }
        return nil
    }
}
