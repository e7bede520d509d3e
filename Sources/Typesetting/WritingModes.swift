import BookModel

/// Vertical writing in the one typesetter: a vertical section is laid out
/// as horizontal lines of the page turned a quarter (`columnGeometry`: its
/// width the page's height), its glyphs shaped down the line
/// (`VerticalText`), and the page turned back when it is finished
/// (`VerticalPage`), so breaking, pagination and placement are the same code.
extension Typesetter {
    /// The mode the book is set in and its sections set vertically, as the reader's choice makes them.
    static func writingModes(of book: Book, choice: WritingModeChoice, columns: PageGeometry?)
        -> (WritingMode, [(paragraphs: Range<Int>, mode: WritingMode)]) {
        guard columns != nil else { return (.horizontalTB, []) }
        let mode = choice.resolve(book.writingMode)
        guard let sections = book.document?.sections else { return (mode, []) }
        let vertical = sections.compactMap { section -> (paragraphs: Range<Int>, mode: WritingMode)? in
            let sectionMode = choice.resolve(section.writingMode)
            guard section.fixedPage == nil, sectionMode.isVertical, !section.paragraphs.isEmpty else { return nil }
            return (section.paragraphs, sectionMode)
        }
        return (mode, vertical)
    }

    /// The mode paragraph `index` is set in.
    func writingMode(ofParagraph index: Int) -> WritingMode {
        guard book.document != nil else { return writingMode }
        var low = 0, high = verticalSections.count
        while low < high {
            let mid = (low + high) / 2
            if verticalSections[mid].paragraphs.upperBound <= index { low = mid + 1 } else { high = mid }
        }
        guard low < verticalSections.count, verticalSections[low].paragraphs.contains(index) else { return .horizontalTB }
        return verticalSections[low].mode
    }

    /// The geometry paragraph `index`'s lines are set in: the page's, or the page turned a quarter.
    func flowGeometry(forParagraph index: Int) -> PageGeometry {
        guard let columnGeometry, writingMode(ofParagraph: index).isVertical else { return geometry }
        return columnGeometry
    }

    /// How paragraph `index` is shaped: nil in a horizontal line.
    func verticalShaping(ofParagraph index: Int, style: InlineStyle = .plain) -> VerticalShaping? {
        let mode = writingMode(ofParagraph: index)
        guard mode.isVertical else { return nil }
        return VerticalShaping(mode: mode, orientation: style.orientation, combine: style.combine)
    }
}

extension PageGeometry {
    /// The page turned a quarter, its lines the columns of a vertical page:
    /// they run from the page's top margin to above the footer, and stack
    /// across it within margins as wide as its top one; nil when that
    /// leaves too little room.
    public var columnGeometry: PageGeometry? {
        guard !fillsPage else { return nil }
        let footer = footerFontSize * 2
        let turned = PageGeometry(width: height - footer, height: width + footer, fontSize: fontSize,
                                  lineSpacing: lineSpacing, sideMargin: marginTop)
        return (try? turned.validate()) == nil ? nil : turned
    }
}

extension Book {
    /// Which way the pages go when the reader chooses `choice`: right to
    /// left for vertical-rl pages, left to right for a vertical book set
    /// horizontally, else as the book says.
    public func pageProgression(_ choice: WritingModeChoice) -> PageProgression {
        let asked = writingMode
        switch choice.resolve(asked) {
        case .verticalRL: return .rightToLeft
        case .horizontalTB where asked == .verticalRL: return .leftToRight
        default: return pageProgression
        }
    }
}
