import BookModel

/// What shaping a structured book's block needs beyond its characters:
/// worked out by the typesetter from the block's style and runs.
struct BlockShaping {
    var primaryFaces: [Int]
    var shapingScalars: [UInt32]?
    var runKeys: [UInt16]
    var runAttributes: [BlockRunAttributes]
    var direction: BidiParagraph.Direction
    /// Nil: no hyphenation (the block's language has no dictionary, or the book turns it off).
    var hyphenator: Hyphenator?
    /// UAX #14 for the block's language and strictness.
    var lineBreaks: LineBreakFinder
    /// Soft hyphens, breaks inside words and anywhere, as the block's style says.
    var breakRules: BlockBreakRules
    /// Spaces and line ends kept as they are (preformatted text).
    var keepsSpaces: Bool
    /// The block's runs (emphasis marks are drawn from them), ruby and the characters not shown.
    var markup: InlineMarkup
    /// Set in a vertical line.
    var vertical: VerticalShaping? = nil
}

extension ShapedParagraph {
    /// Shapes a block: each character in its run's face (with fallback for
    /// what that face lacks), runs split where their rise or language
    /// changes. A line feed is a forced line break (a `br`); spaces are
    /// the producer's, collapsed once more unless kept.
    init(block source: [UInt32], shaping: BlockShaping, fonts: FontSet, services: TextServices) {
        let count = source.count
        scalars = source
        markup = shaping.markup
        if !markup.hidden.isEmpty { isHidden = markup.hiddenMask(count: count) }
        widths = [Int32](repeating: 0, count: count)
        isGlue = [Bool](repeating: false, count: count)
        missing = [UInt8](repeating: 0, count: count)
        bidi = BidiParagraph(source, direction: shaping.direction)
        var shapingText = shaping.shapingScalars ?? source
        for index in 0..<count where source[index] == 0x0A || source[index] == 0x09 || source[index] == 0x20 {
            shapingText[index] = 0x20
            isGlue[index] = true
        }
        breaks = shaping.lineBreaks.opportunities(source)
        if !shaping.keepsSpaces {
            shaping.breakRules.apply(to: &breaks, scalars: source)
            shaping.hyphenator?.mark(source, breaks: &breaks)
        }
        if !markup.hidden.isEmpty || !markup.rubies.isEmpty { keepMarkupTogether() }
        let scripts = ScriptItemizer.scripts(source)
        let faces = chooseFaces(scripts: scripts, fonts: fonts, primary: { fonts.faces[shaping.primaryFaces[$0]] },
                                language: services.language)
        runs = ScriptItemizer.runs(scalars: source, scripts: scripts, levels: bidi.levels, faces: faces, keys: shaping.runKeys)
        for index in runs.indices {
            let key = Int(shaping.runKeys[runs[index].range.lowerBound])
            guard shaping.runAttributes.indices.contains(key) else { continue }
            runs[index].rise = shaping.runAttributes[key].rise
            runs[index].language = shaping.runAttributes[key].language
        }
        if let vertical = shaping.vertical { prepareVertical(vertical, fonts: fonts) }
        shape(shapingText, fonts: fonts, language: services.hbLanguage)
        for index in 0..<count where hides(index) {
            widths[index] = 0
            missing[index] = 0
        }
        if !shaping.keepsSpaces {
            var previousWasGlue = true
            for index in 0..<count {
                if isGlue[index] {
                    if previousWasGlue { widths[index] = 0 }
                    previousWasGlue = true
                } else {
                    previousWasGlue = false
                }
            }
        }
        for index in 0..<count where source[index] == 0x0A { widths[index] = 0 }
        measureInlineSpacing(fonts: fonts, language: services.hbLanguage)
    }

    /// A paragraph of `count` characters that draws nothing: the text of
    /// a block shown as a picture (an image, a rule).
    init(placeholders count: Int) {
        scalars = [UInt32](repeating: 0x20, count: count)
        widths = [Int32](repeating: 0, count: count)
        isGlue = [Bool](repeating: true, count: count)
        missing = [UInt8](repeating: 0, count: count)
        breaks = [BreakOpportunity](repeating: .none, count: count)
        bidi = BidiParagraph([])
        bidi.levels = [UInt8](repeating: 0, count: count)
        markup = InlineMarkup()
    }
}
