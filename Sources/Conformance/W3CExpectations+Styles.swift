/// EPUB's prefixed CSS properties, judged on the lines as set.
extension W3CExpectations {
    /// The page the line tests are read on: narrow, so paragraphs take many lines.
    static let narrowPage = (width: 420, height: 2400)

    /// The lines of the book's block that starts with `prefix`.
    static func lines(startingWith prefix: String, in book: ObservedBook) -> [AttributedLine]? {
        LineAttribution.lines(ofBlockStartingWith: prefix, in: book)
    }

    static func describe(_ lines: [AttributedLine]) -> String {
        "\(lines.count) lines, \(lines.filter(\.addedHyphen).count) hyphenated, "
            + "\(lines.filter { $0.endsInsideWord && !$0.addedHyphen }.count) cut inside a word without a hyphen"
    }

    static let styles: [W3CExpectation] = [
        W3CExpectation(
            "css-epub-hyphens",
            statement: "This test passes if hyphens appear in the following block of text.",
            expected: "on a narrow page: no line of the -epub-hyphens: none block ends inside a word, the manual block's "
                + "lines break inside words only at its soft hyphens (and do), the auto block is hyphenated",
            judge: .program { context in
                let book = context.book(width: narrowPage.width, height: narrowPage.height)
                guard let none = lines(startingWith: "The nineteenth century dislike", in: book),
                      let manual = lines(startingWith: "The art\u{AD}ist can", in: book),
                      let automatic = lines(startingWith: "Those who go beneath the surface", in: book) else {
                    return Verdict(false, "the three test blocks were not found on the pages")
                }
                let manualInside = manual.filter(\.endsInsideWord)
                let manualAtSoftHyphens = !manualInside.isEmpty && manualInside.allSatisfy { $0.addedHyphen && $0.atSoftHyphen }
                let passed = !none.contains(where: \.endsInsideWord) && manualAtSoftHyphens
                    && automatic.contains(where: \.addedHyphen)
                return Verdict(passed, "none: \(describe(none)); manual: \(describe(manual)), "
                               + "\(manualInside.filter(\.atSoftHyphen).count) at soft hyphens; auto: \(describe(automatic))")
            }),
        W3CExpectation(
            "css-epub-line-break",
            statement: "This test passes if the following block of text breaks to a new line at the end of the viewport, "
                + "no text is outside of the viewport, and line breaks update when the font size or viewport size changes.",
            expected: "each block at page widths from 160 to 400 pixels: every line within the measure (an ideographic comma "
                + "or full stop hanging at a line's end within the page), the breaks move with the width; the strict block "
                + "never breaks before 々 or ぁ, the loose block does at some width",
            judge: .program { context in
                var layouts: [String: Set<String>] = [:]
                var problems: [String] = []
                var looseBreaksBefore = 0
                let blocks = ["auto:", "loose:", "normal:", "strict:"]
                for width in stride(from: 160, through: 400, by: 8) {
                    let book = context.book(width: width, height: 4000)
                    if let error = book.error { return Verdict(false, "refused: \(error)") }
                    let right = Double(book.geometry.marginLeft) + Double(book.geometry.measure) / 64 + 1
                    // JLReq hangs a line's closing 、。 past the measure (burasagari): it must stay on the page.
                    let pageEdge = Double(book.geometry.width)
                    func limit(_ line: String) -> Double {
                        line.last { !$0.isWhitespace }.map { "、。，．".contains($0) } == true ? pageEdge : right
                    }
                    for block in blocks {
                        guard let found = lines(startingWith: block, in: book) else {
                            problems.append("the \(block) block's lines were not found at \(width) px")
                            continue
                        }
                        layouts[block, default: []].insert(found.map(\.text).joined(separator: "\n"))
                        if found.contains(where: { $0.extent.upperBound > limit($0.text) }) {
                            problems.append("a line of \(block) passes the page's edge at \(width) px")
                        }
                        let breaksBefore = found.dropFirst().filter { $0.text.hasPrefix("々") || $0.text.hasPrefix("ぁ") }.count
                        if block == "strict:", breaksBefore > 0 { problems.append("strict breaks before 々 or ぁ at \(width) px") }
                        if block == "loose:" { looseBreaksBefore += breaksBefore }
                    }
                }
                for block in blocks where (layouts[block]?.count ?? 0) < 2 { problems.append("the breaks of \(block) do not move with the width") }
                if looseBreaksBefore == 0 { problems.append("loose never breaks before 々 or ぁ") }
                return Verdict(problems.isEmpty, problems.isEmpty
                    ? "lines break within the page at every width; loose breaks before 々 or ぁ \(looseBreaksBefore) times, strict never"
                    : problems.joined(separator: "; "))
            }),
        W3CExpectation(
            "css-epub-text-align-last",
            statement: "This test passes if the last line of the following text block is center-aligned.",
            expected: "each block's last line set as its -epub-text-align-last says: left, left, left (end of a right-to-left "
                + "block), left, right, centred, justified or left",
            judge: .program { context in
                let book = context.book(width: narrowPage.width, height: narrowPage.height)
                let cases: [(String, String)] = [("Alice was beginning", "left"), ("So she was considering", "left"),
                                                 ("There was nothing so very remarkable", "left"), ("Alice started to her feet", "left"),
                                                 ("The rabbit-hole went straight", "right"), ("Either the well was very deep", "center"),
                                                 ("She took down a jar", "justify")]
                var observed: [String] = []
                var passed = true
                for (prefix, wanted) in cases {
                    guard let found = lines(startingWith: prefix, in: book), found.count > 1, let last = found.last else {
                        observed.append("\(prefix): not found on several lines"); passed = false; continue
                    }
                    let box = found.dropLast().reduce(found[0].extent) { min($0.lowerBound, $1.extent.lowerBound)...max($0.upperBound, $1.extent.upperBound) }
                    let leftGap = last.extent.lowerBound - box.lowerBound, rightGap = box.upperBound - last.extent.upperBound
                    let shown: String
                    if leftGap < 2, rightGap < 2 { shown = "justify" } else if leftGap < 2 { shown = "left" }
                    else if rightGap < 2 { shown = "right" } else if abs(leftGap - rightGap) < 4 { shown = "center" } else { shown = "other" }
                    let ok = shown == wanted || (wanted == "justify" && shown == "left")
                    passed = passed && ok
                    observed.append("\(prefix): \(shown)")
                }
                return Verdict(passed, observed.joined(separator: "; "))
            }),
        W3CExpectation(
            "css-epub-text-emphasis",
            statement: "This test passes if the emphasis marks appear as solid dots over the text below.",
            expected: "emphasis marks of each shape, colour and position asked for, horizontal and vertical",
            judge: .notJudgeable("the marks' shapes, colours and sides must be looked at, and tests 14 and 15 need vertical writing")),
        W3CExpectation(
            "css-epub-text-transform",
            statement: "This test passes if the English letters appear at the same width and orientation as the Japanese characters.",
            expected: "-epub-fullwidth makes the letters and digits full-width forms, as wide and upright as the kana",
            judge: .shows("これはテストです。", "１２３４５６ａｂｃｄｅｆ")),
        W3CExpectation(
            "css-epub-text-underline-position",
            statement: "This test passes if the underline sits at the baseline of the text below.",
            expected: "underlines at the baseline, below descenders, and left or right of vertical text",
            judge: .notJudgeable("where an underline sits must be looked at; tests 3 and 4 need vertical writing")),
        W3CExpectation(
            "css-epub-word-break",
            statement: "This test passes if all of the words in the following block of text appear without breaks.",
            expected: "on a narrow page: normal breaks words only at hyphenation points, keep-all never inside a word, "
                + "break-all inside words without hyphens, at least every other line",
            judge: .program { context in
                let book = context.book(width: narrowPage.width, height: narrowPage.height)
                guard let normal = lines(startingWith: "The family of Dashwood", in: book),
                      let keepAll = lines(startingWith: "The late owner of this estate", in: book),
                      let breakAll = lines(startingWith: "In the society of his nephew", in: book) else {
                    return Verdict(false, "the three test blocks were not found on the pages")
                }
                // Justified lines meet the edge whatever their breaks: what shows break-all is lines cut inside words.
                let body = breakAll.dropLast()
                let cut = body.filter { $0.endsInsideWord && !$0.addedHyphen }.count
                let passed = !normal.contains { $0.endsInsideWord && !$0.addedHyphen }
                    && !keepAll.contains(where: \.endsInsideWord)
                    && !breakAll.contains(where: \.addedHyphen) && cut * 2 >= body.count
                return Verdict(passed, "normal: \(describe(normal)); keep-all: \(describe(keepAll)); break-all: \(describe(breakAll))")
            }),
    ]
}
