import BookModel
import CHarfBuzz
import CICU

/// How a paragraph is shaped for a vertical line: its writing mode and the
/// block's orientation and combining (runs may say otherwise).
struct VerticalShaping: Equatable {
    var mode: WritingMode
    var orientation: TextOrientation = .mixed
    var combine: TextCombine = .auto

    /// Which way an upright glyph's horizontal offset goes across the page
    /// in the layout's coordinates (the page turned a quarter, or mirrored).
    var crossSign: Int32 { mode == .verticalLR ? -1 : 1 }
}

/// How a run of a vertical line is set.
enum VerticalForm: UInt8 {
    /// Shaped top to bottom (vertical advances, `vert` forms): CJK, and anything set upright.
    case upright
    /// Shaped as in a horizontal line and turned a quarter clockwise (Latin words).
    case sideways
    /// Shaped horizontally and set upright in the space of one character (tate-chu-yoko).
    case combined
}

extension ShapedParagraph {
    /// Numbers of at most this many digits stand upright, side by side, unless the book says otherwise.
    static let combinedDigits = 2

    /// Splits the runs where the form of their characters changes (and
    /// around each combined group), keeps combined groups on one line,
    /// and lowers sideways runs so they sit in the middle of the column.
    mutating func prepareVertical(_ vertical: VerticalShaping, fonts: FontSet) {
        self.vertical = vertical
        let count = scalars.count
        var orientation = [TextOrientation](repeating: vertical.orientation, count: count)
        var combine = [TextCombine](repeating: vertical.combine, count: count)
        for run in markup.runs {
            for index in run.range.clamped(to: 0..<count) {
                orientation[index] = run.style.orientation
                combine[index] = run.style.combine
            }
        }
        var forms = [VerticalForm](repeating: .upright, count: count)
        for index in 0..<count {
            switch orientation[index] {
            case .upright: forms[index] = .upright
            case .sideways: forms[index] = .sideways
            case .mixed: forms[index] = Self.standsUpright(scalars[index]) ? .upright : .sideways
            }
        }
        var groupStarts = [Bool](repeating: false, count: count)
        for group in combinedGroups(combine) {
            groupStarts[group.lowerBound] = true
            if group.upperBound < count { groupStarts[group.upperBound] = true }
            for index in group { forms[index] = .combined }
            for index in group.dropLast() where breaks[index] != .mandatory { breaks[index] = .none }
        }
        var split: [TextRun] = []
        for run in runs {
            var piece = run
            var start = run.range.lowerBound
            for index in run.range where index > start && (forms[index] != forms[start] || groupStarts[index]) {
                piece.range = start..<index
                split.append(piece)
                start = index
            }
            piece.range = start..<run.range.upperBound
            split.append(piece)
        }
        for index in split.indices {
            let form = forms[split[index].range.lowerBound]
            split[index].form = form
            if form == .sideways {
                // The em box's middle on the column's middle: the baseline half the ascent and descent off it.
                let face = fonts.faces[split[index].face]
                split[index].rise -= vertical.crossSign * (face.ascender + face.descender) / 2
            }
        }
        runs = split
    }

    /// The characters set side by side: an element's whole text where the
    /// book asks for `all`, else numbers of few enough ASCII digits.
    private func combinedGroups(_ combine: [TextCombine]) -> [Range<Int>] {
        var groups: [Range<Int>] = []
        var index = 0
        let count = scalars.count
        func isDigit(_ index: Int) -> Bool { (0x30...0x39).contains(scalars[index]) }
        func isAlphanumeric(_ index: Int) -> Bool {
            index >= 0 && index < count && (isDigit(index) || ((scalars[index] | 0x20) >= 0x61 && (scalars[index] | 0x20) <= 0x7A))
        }
        while index < count {
            let start = index
            switch combine[index] {
            case .all:
                while index < count, combine[index] == combine[start], !isGlue[index] { index += 1 }
                if index > start { groups.append(start..<index) } else { index += 1 }
            case .none:
                index += 1
            case .auto, .digits:
                guard isDigit(index) else { index += 1; continue }
                while index < count, isDigit(index) { index += 1 }
                let most: Int
                if case let .digits(count) = combine[start] { most = count } else { most = Self.combinedDigits }
                // A number inside a word or code ("A4") stays as it is unless the book asks.
                let alone = combine[start] != .auto || (!isAlphanumeric(start - 1) && !isAlphanumeric(index))
                if index - start <= most, alone { groups.append(start..<index) }
            }
        }
        return groups
    }

    /// Whether a character stands upright in a vertical line of mixed
    /// orientation: Unicode's Vertical_Orientation U, Tu and Tr (the last
    /// two shaped with their vertical forms).
    static func standsUpright(_ scalar: UInt32) -> Bool {
        if scalar < 0xA7 { return false }
        if (0x3040...0x9FFF).contains(scalar) { return true }
        return CICU_verticalOrientation(scalar) != 0
    }

    /// Sets the glyphs of combined run `runIndex` (shaped horizontally)
    /// upright in one em of the column: centred across it, the baseline
    /// where the em box puts it, the whole group one em long.
    mutating func combineGlyphs(ofRun runIndex: Int, face: FontFace) {
        guard let vertical, !runs[runIndex].glyphs.isEmpty else { return }
        let glyphRange = runs[runIndex].glyphs
        let em = Int32(face.pixelSize * 64)
        let width = glyphRange.reduce(Int32(0)) { $0 + advances[$1] }
        let height = max(1, face.ascender - face.descender)
        let drop = Int32(Int64(em) * Int64(face.ascender) / Int64(height))
        var pen: Int32 = 0
        for glyph in glyphRange {
            let cluster = Int(clusters[glyph])
            widths[cluster] -= advances[glyph]
            let across = pen + xOffsets[glyph] - width / 2
            pen += advances[glyph]
            xOffsets[glyph] = drop - yOffsets[glyph]
            yOffsets[glyph] = vertical.crossSign * across
            advances[glyph] = glyph == glyphRange.upperBound - 1 ? em : 0
            widths[cluster] += advances[glyph]
        }
    }
}
