/// Knuth-Plass total-fit line breaking: of all ways to break a paragraph
/// at its opportunities, the one with the least total demerits, where a
/// line's demerits grow with the cube of how far its spaces stretch or
/// shrink, with hyphenation, consecutive hyphens and abrupt changes of
/// tightness costing extra. Spaces stretch by half and shrink by a third
/// of their width, as in TeX. In Chinese and Japanese a gap between
/// characters stretches by a quarter of the character before it, and
/// punctuation shrinks by its blanks (`InlineSpacing`).
enum OptimalLineBreaker {
    static let stretchFactor = 0.5
    static let shrinkFactor = 1.0 / 3.0
    static let gapStretchFactor = 0.25
    static let linePenalty = 10.0
    static let hyphenPenalty = 100.0
    static let consecutiveHyphenDemerits = 10000.0
    static let fitnessChangeDemerits = 3000.0
    /// Largest adjustment ratio tried first, then the fallback one.
    static let tolerances = [2.0, 20.0]

    private struct Node {
        /// Where the line after this break starts.
        var start: Int
        var end: LineBreaker.LineEnd
        var isParagraphStart: Bool
        var fitness: Int
        var hyphenated: Bool
        var demerits: Double
        var previous: Int
        /// The number of the line after this break, counted up to the
        /// first line that has the whole measure (those after are alike).
        var line: Int
    }

    /// The line ends, or nil when no set of breaks keeps every line within
    /// the tolerance (a word wider than the measure, for instance). Unless
    /// `endsParagraph`, the last line is held to the tolerance as others are.
    /// `insets` narrow the first lines, one each. With `hanging`, a comma
    /// or full stop may hang past the end of a line that does not fit without.
    static func ends(for paragraph: ShapedParagraph, measure: Int32, firstLineIndent: Int32,
                     hyphenWidth: Int32, endsParagraph: Bool = true, insets: [LineInset] = [],
                     hanging: Bool = false) -> [LineBreaker.LineEnd]? {
        let count = paragraph.scalars.count
        guard count > 0 else { return [] }
        let sums = Sums(paragraph)
        for tolerance in tolerances {
            if let ends = run(paragraph, tolerance: tolerance, measure: Int64(measure),
                              indent: Int64(firstLineIndent), hyphenWidth: Int64(hyphenWidth),
                              sums: sums, endsParagraph: endsParagraph,
                              narrowing: insets.map { Int64($0.start + $0.end) }, hanging: hanging) {
                return ends
            }
        }
        return nil
    }

    /// Prefix sums from the paragraph's start, so a line's are two lookups.
    private struct Sums {
        var width: [Int64]
        var stretch: [Double]
        var shrink: [Double]
        /// Where the ink of a line ending at each position stops (trailing spaces dropped).
        var inkEnd: [Int]
        /// The blank after the last character shown before each position:
        /// trimmed when a line ends there (Chinese and Japanese).
        var endBlank: [Int64]

        init(_ paragraph: ShapedParagraph) {
            let count = paragraph.scalars.count
            width = [Int64](repeating: 0, count: count + 1)
            stretch = [Double](repeating: 0, count: count + 1)
            shrink = [Double](repeating: 0, count: count + 1)
            inkEnd = [Int](repeating: 0, count: count + 1)
            endBlank = [Int64](repeating: 0, count: count + 1)
            let spacing = paragraph.spacing
            for index in 0..<count {
                let advance = paragraph.widths[index]
                let isGlue = paragraph.isGlue[index]
                width[index + 1] = width[index] + Int64(advance)
                var stretches = isGlue ? Double(advance) * stretchFactor : 0
                var shrinks = isGlue ? Double(advance) * shrinkFactor : 0
                endBlank[index + 1] = endBlank[index]
                if let spacing, !isGlue {
                    if spacing.spreadsAfter[index] { stretches += Double(advance) * gapStretchFactor }
                    shrinks += Double(spacing.blanks(at: index))
                    if advance > 0 { endBlank[index + 1] = Int64(spacing.blankAfter[index]) }
                }
                stretch[index + 1] = stretch[index] + stretches
                shrink[index + 1] = shrink[index] + shrinks
                inkEnd[index + 1] = isGlue ? inkEnd[index] : index + 1
            }
        }
    }

    private static func run(_ paragraph: ShapedParagraph, tolerance: Double, measure: Int64, indent: Int64,
                            hyphenWidth: Int64, sums: Sums, endsParagraph: Bool, narrowing: [Int64],
                            hanging: Bool) -> [LineBreaker.LineEnd]? {
        let count = paragraph.scalars.count
        let spacing = paragraph.spacing
        var nodes = [Node(start: 0, end: LineBreaker.LineEnd(end: 0, hyphenated: false, forced: true),
                          isParagraphStart: true, fitness: 1, hyphenated: false, demerits: 0, previous: -1, line: 0)]
        var active = [0]
        // Lines of their own width are told apart by number (as TeX does
        // with \parshape); after them, by fitness alone.
        let special = narrowing.count
        let classes = 4 * (special + 1)
        var best = [Int](repeating: -1, count: classes)
        var bestDemerits = [Double](repeating: 0, count: classes)
        var bestHangs = [Bool](repeating: false, count: classes)
        for index in 0..<count {
            let kind = paragraph.breaks[index]
            guard kind != .none else { continue }
            let isHyphen = kind == .hyphen
            let isForced = kind == .mandatory && (endsParagraph || index < count - 1)
            let end = index + 1
            let ink = sums.inkEnd[end]
            let mayHang = hanging && PunctuationClass.hangs(paragraph.scalars[index])
            for slot in 0..<classes { best[slot] = -1 }
            var kept = 0
            var position = 0
            let activeCount = active.count
            while position < activeCount {
                let nodeIndex = active[position]
                position += 1
                let node = nodes[nodeIndex]
                guard end > node.start else { active[kept] = nodeIndex; kept += 1; continue }
                var available = measure - (node.isParagraphStart ? indent : 0)
                if node.line < special { available -= narrowing[node.line] }
                let lineInk = max(ink, node.start)
                var natural = sums.width[lineInk] - sums.width[node.start] + (isHyphen ? hyphenWidth : 0)
                var stretch = sums.stretch[lineInk] - sums.stretch[node.start]
                var shrink = sums.shrink[lineInk] - sums.shrink[node.start]
                var hangs = false
                if let spacing, lineInk > node.start {
                    // The blanks at the line's ends are always trimmed; the last gap is no gap.
                    let startBlank = node.end.forced ? 0 : Int64(spacing.blankBefore[node.start])
                    natural -= sums.endBlank[lineInk] + startBlank
                    shrink -= Double(sums.endBlank[lineInk] + startBlank)
                    if spacing.spreadsAfter[lineInk - 1] {
                        stretch -= Double(paragraph.widths[lineInk - 1]) * gapStretchFactor
                    }
                    hangs = mayHang && natural - Int64(shrink) > available && lineInk - 1 > node.start
                    if hangs { natural -= Int64(paragraph.widths[lineInk - 1]) - sums.endBlank[lineInk] }
                }
                let ratio: Double
                if natural <= available {
                    if isForced {
                        ratio = 0
                    } else {
                        ratio = stretch > 0 ? Double(available - natural) / stretch : (natural == available ? 0 : .infinity)
                    }
                } else {
                    ratio = shrink > 0 ? Double(available - natural) / shrink : -.infinity
                }
                let stillActive = ratio >= -1 && !isForced
                if stillActive { active[kept] = nodeIndex; kept += 1 }
                if ratio > tolerance, !isForced, !node.isParagraphStart, special == 0 {
                    // Active nodes are in the order of their starts: a line from
                    // any later one is shorter still, with fewer spaces to
                    // stretch, so it is looser yet. They all stay active.
                    while position < activeCount {
                        active[kept] = active[position]
                        kept += 1
                        position += 1
                    }
                    break
                }
                guard ratio >= -1, ratio <= tolerance else { continue }
                let badness = 100 * abs(ratio) * abs(ratio) * abs(ratio)
                var demerits = (linePenalty + badness) * (linePenalty + badness)
                if isHyphen { demerits += hyphenPenalty * hyphenPenalty }
                if isHyphen, node.hyphenated { demerits += consecutiveHyphenDemerits }
                let fitness = ratio < -0.5 ? 0 : ratio <= 0.5 ? 1 : ratio <= 1 ? 2 : 3
                if abs(fitness - node.fitness) > 1 { demerits += fitnessChangeDemerits }
                let total = node.demerits + demerits
                let slot = 4 * min(node.line + 1, special) + fitness
                if best[slot] < 0 || total < bestDemerits[slot] {
                    best[slot] = nodeIndex
                    bestDemerits[slot] = total
                    bestHangs[slot] = hangs
                }
            }
            active.removeSubrange(kept...)
            for slot in 0..<classes where best[slot] >= 0 {
                var forced = isForced
                let start = LineBreaker.hangingEnd(paragraph, from: end, forced: &forced)
                nodes.append(Node(start: start, end: LineBreaker.LineEnd(end: start, hyphenated: isHyphen, forced: forced,
                                                                         hangs: bestHangs[slot]),
                                  isParagraphStart: false, fitness: slot % 4, hyphenated: isHyphen,
                                  demerits: bestDemerits[slot], previous: best[slot], line: slot / 4))
                active.append(nodes.count - 1)
            }
            if active.isEmpty { return nil }
        }
        // The paragraph's last character is always a mandatory break, so the
        // active nodes end there; a window's end leaves earlier ones active too.
        guard var last = active.filter({ nodes[$0].start >= count }).min(by: { nodes[$0].demerits < nodes[$1].demerits })
        else { return nil }
        var ends: [LineBreaker.LineEnd] = []
        while nodes[last].previous >= 0 {
            ends.append(nodes[last].end)
            last = nodes[last].previous
        }
        return ends.reversed()
    }
}
