import CFriBidi

/// The resolved bidi embedding levels of one paragraph (UAX #9 rules P2
/// to I2, and L1 for separators), from FriBidi. Even levels run left to
/// right, odd ones right to left.
package struct BidiParagraph {
    package enum Direction: Sendable { case leftToRight, rightToLeft, auto }

    /// One level per scalar.
    var levels: [UInt8]
    /// The paragraph's own level: 0 for left-to-right, 1 for right-to-left.
    package var baseLevel: UInt8
    /// FriBidi's bidi class of each scalar; empty when the paragraph has
    /// no right-to-left text and the algorithm was skipped.
    var types: [FriBidiCharType]

    var isRightToLeft: Bool { baseLevel & 1 == 1 }

    /// Resolves `scalars`. Text without right-to-left letters or bidi
    /// controls is all level 0 (in an automatic paragraph), so the common
    /// case costs one pass of cheap range tests.
    package init(_ scalars: [UInt32], direction: Direction = .auto) {
        let count = scalars.count
        if direction != .rightToLeft, !scalars.contains(where: BidiParagraph.mayNeedAlgorithm) {
            levels = [UInt8](repeating: 0, count: count)
            baseLevel = 0
            types = []
            return
        }
        var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: count)
        var brackets = [FriBidiBracketType](repeating: 0, count: count)
        var raw = [FriBidiLevel](repeating: 0, count: count)
        var base: FriBidiParType
        switch direction {
        case .leftToRight: base = CFriBidi_parLTR()
        case .rightToLeft: base = CFriBidi_parRTL()
        case .auto: base = CFriBidi_parAuto()
        }
        scalars.withUnsafeBufferPointer { text in
            fribidi_get_bidi_types(text.baseAddress, FriBidiStrIndex(count), &types)
            fribidi_get_bracket_types(text.baseAddress, FriBidiStrIndex(count), types, &brackets)
        }
        var result: FriBidiLevel = 1
        for piece in Self.pieces(types: types, brackets: brackets) where result != 0 {
            types.withUnsafeBufferPointer { types in
                brackets.withUnsafeBufferPointer { brackets in
                    raw.withUnsafeMutableBufferPointer { raw in
                        result = fribidi_get_par_embedding_levels_ex(
                            types.baseAddress.map { $0 + piece.lowerBound }, brackets.baseAddress.map { $0 + piece.lowerBound },
                            FriBidiStrIndex(piece.count), &base, raw.baseAddress.map { $0 + piece.lowerBound })
                    }
                }
            }
            // The pieces after the first keep the paragraph's direction the first found.
            if base != CFriBidi_parRTL() { base = CFriBidi_parLTR() }
        }
        let resolvedBase: UInt8 = base == CFriBidi_parRTL() ? 1 : 0
        if result == 0 {
            // FriBidi could not allocate: keep the text in logical order.
            levels = [UInt8](repeating: resolvedBase, count: count)
        } else {
            levels = raw.map { UInt8(clamping: max(0, Int($0))) }
        }
        baseLevel = resolvedBase
        self.types = types
    }

    /// The levels of the line `range`, with rule L1 applied at its end:
    /// trailing whitespace, isolate controls and removed controls go back
    /// to the paragraph level, as do separators and the whitespace before them.
    package func lineLevels(_ range: Range<Int>) -> [UInt8] {
        var line = Array(levels[range])
        guard !types.isEmpty else { return line }
        // Characters removed by X9 take the level of the one before them,
        // so they never split a sequence that L2 reverses.
        for index in range where CFriBidi_isRemovedByX9(types[index]) != 0 {
            let offset = index - range.lowerBound
            line[offset] = offset > 0 ? line[offset - 1] : baseLevel
        }
        var trailing = true
        for index in range.reversed() {
            let type = types[index]
            if CFriBidi_isSeparator(type) != 0 {
                line[index - range.lowerBound] = baseLevel
                trailing = true
            } else if trailing, CFriBidi_resetsAtLineEnd(type) != 0 {
                line[index - range.lowerBound] = baseLevel
            } else {
                trailing = false
            }
        }
        return line
    }

    /// Isolates, embeddings and brackets a paragraph may hold and still be
    /// resolved in one call: FriBidi's time grows with the square of their
    /// number, so a paragraph with more is resolved in pieces.
    static let nestingLimit = 1024
    /// Isolates, embeddings and brackets a piece holds before it is cut
    /// (after a space outside any of them), and at most.
    static let pieceNestings = 256, pieceNestingsMost = 512

    /// Where the paragraph is resolved: all at once, or pieces that hold
    /// few isolates, embeddings and brackets each, so that resolving them
    /// all takes time linear in the paragraph's length.
    static func pieces(types: [FriBidiCharType], brackets: [FriBidiBracketType]) -> [Range<Int>] {
        let count = types.count
        var nestings = 0
        for index in 0..<count where brackets[index] != 0 || CFriBidi_isExplicitOrIsolate(types[index]) != 0 {
            nestings += 1
        }
        guard nestings > nestingLimit else { return [0..<count] }
        var pieces: [Range<Int>] = []
        var start = 0, held = 0, depth = 0, bracketDepth = 0
        for index in 0..<count {
            if held >= pieceNestings, index > start, CFriBidi_isWhitespace(types[index - 1]) != 0,
               depth == 0, bracketDepth == 0 {
                pieces.append(start..<index)
                start = index
                held = 0
            } else if held >= pieceNestingsMost {
                pieces.append(start..<index)
                start = index
                held = 0
                depth = 0
                bracketDepth = 0
            }
            let type = types[index]
            if CFriBidi_isExplicitOrIsolate(type) != 0 {
                held += 1
                depth = CFriBidi_opensNesting(type) != 0 ? depth + 1 : max(0, depth - 1)
            } else if brackets[index] != 0 {
                held += 1
                bracketDepth = CFriBidi_isOpeningBracket(brackets[index]) != 0 ? bracketDepth + 1 : max(0, bracketDepth - 1)
            }
        }
        pieces.append(start..<count)
        return pieces
    }

    /// Scalars that can make a paragraph anything but plain left-to-right:
    /// right-to-left scripts' blocks and the explicit bidi controls.
    private static func mayNeedAlgorithm(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return true
        case 0x061C, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
