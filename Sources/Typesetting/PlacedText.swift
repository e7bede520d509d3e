import Geometry

/// Where a page's characters were set: for each glyph of the text, the
/// book offset of its character and its span across the line, and for
/// each line its rows. What is laid over the text after layout (a
/// highlight, a selection, a search hit) and what a finger points at
/// (a word held) are found from it, without setting the page again.
public struct PlacedText: Sendable, Equatable {
    public struct Line: Sendable, Equatable {
        public var top: Int
        public var height: Int
        /// Indices of the line's glyphs in the page's arrays.
        public var glyphs: Range<Int>
        /// The least and greatest book offsets set on the line.
        public var first: Int
        public var last: Int
    }

    public private(set) var lines: [Line] = []
    /// Per glyph: its character's scalar offset in the book.
    private var offsets: [Int] = []
    /// Per glyph: its left and right edges in 26.6 pixels.
    private var lefts: [Int32] = []
    private var rights: [Int32] = []
    /// Per glyph: drawn turned a quarter (Latin in a vertical line).
    private var sideways: [Bool] = []
    /// A vertical page's: lines and spans are kept as laid out (columns as
    /// lines of the page turned a quarter) and turned when asked for.
    public internal(set) var turn: PageTurn?

    public init() {}

    /// Starts a line whose rows are `top..<top + height`.
    mutating func beginLine(top: Int, height: Int) {
        lines.append(Line(top: top, height: height, glyphs: offsets.count..<offsets.count, first: .max, last: .min))
    }

    /// A glyph of the line begun last, of the character at `offset`.
    mutating func add(offset: Int, left: Int32, right: Int32, sideways turned: Bool = false) {
        guard !lines.isEmpty else { return }
        offsets.append(offset)
        sideways.append(turned)
        lefts.append(min(left, right))
        rights.append(max(left, right))
        lines[lines.count - 1].glyphs = lines[lines.count - 1].glyphs.lowerBound..<offsets.count
        lines[lines.count - 1].first = min(lines[lines.count - 1].first, offset)
        lines[lines.count - 1].last = max(lines[lines.count - 1].last, offset)
    }

    /// Adds the lines of `other` (a page beside this one in a spread),
    /// moved `shift` 26.6 pixels to the right.
    mutating func append(_ other: PlacedText, atX shift: Int32) {
        let base = offsets.count
        lines += other.lines.map { line in
            var line = line
            line.glyphs = (line.glyphs.lowerBound + base)..<(line.glyphs.upperBound + base)
            return line
        }
        offsets += other.offsets
        lefts += other.lefts.map { $0 + shift }
        rights += other.rights.map { $0 + shift }
        sideways += other.sideways
        turn = turn ?? other.turn
    }

    /// The book offsets of the characters on the page: from the least to one past the greatest.
    public var range: Range<Int>? {
        let set = lines.filter { !$0.glyphs.isEmpty }
        guard let first = set.map(\.first).min(), let last = set.map(\.last).max() else { return nil }
        return first..<(last + 1)
    }

    /// One rectangle on each line the characters of `range` are set on,
    /// from the leftmost to the rightmost of them (a range that runs both
    /// ways in mixed-direction text covers what lies between).
    public func rects(covering range: Range<Int>) -> [PixelRect] {
        lines.compactMap { line in
            guard !line.glyphs.isEmpty, line.first < range.upperBound, line.last >= range.lowerBound else { return nil }
            var left = Int32.max, right = Int32.min
            for glyph in line.glyphs where range.contains(offsets[glyph]) {
                left = min(left, lefts[glyph])
                right = max(right, rights[glyph])
            }
            guard left < right else { return nil }
            let x = Int(left) >> 6
            let rect = PixelRect(x: x, y: line.top, width: max(1, (Int(right) + 63) >> 6 - x), height: line.height)
            return turn?.rect(rect) ?? rect
        }
    }

    /// Whether the glyphs of the character at `offset` are drawn turned a
    /// quarter; nil when it is not set on the page.
    public func isSideways(_ offset: Int) -> Bool? {
        guard let glyph = offsets.firstIndex(of: offset) else { return nil }
        return sideways[glyph]
    }

    /// The offset of the character set at (`x`, `y`), or of the nearest
    /// one on the nearest line (a point between paragraphs goes to the
    /// closer of the two, within a line's height); nil farther from every
    /// line (a margin above or below). Of lines side by side (the pages
    /// of a spread) the one nearest across is taken.
    public func offset(atX x: Double, y: Double) -> Int? {
        let (x, y) = turn?.layoutPoint(x: x, y: y) ?? (x, y)
        let point = Int32((x * 64).rounded())
        func distance(_ line: Line) -> Double {
            y < Double(line.top) ? Double(line.top) - y : max(0, y - Double(line.top + line.height) + 1)
        }
        func across(_ line: Line) -> Int32 {
            let left = lefts[line.glyphs].min() ?? 0, right = rights[line.glyphs].max() ?? 0
            return point < left ? left - point : point > right ? point - right : 0
        }
        guard let line = lines.filter({ !$0.glyphs.isEmpty && distance($0) <= Double($0.height) })
            .min(by: { (distance($0), across($0)) < (distance($1), across($1)) }) else { return nil }
        var best: (distance: Int32, offset: Int)?
        for glyph in line.glyphs {
            let distance = point < lefts[glyph] ? lefts[glyph] - point : point > rights[glyph] ? point - rights[glyph] : 0
            if best == nil || distance < best?.distance ?? .max { best = (distance, offsets[glyph]) }
        }
        return best?.offset
    }
}
