import BookModel

/// A paragraph (or one window of a long one) shaped and broken into lines
/// for one geometry.
struct ParagraphLayout {
    let index: Int
    let style: ParagraphStyle
    /// Scalar offset in the decoded text of the paragraph, or of the window.
    let start: Int
    let shaped: ShapedParagraph
    let lines: [LineBox]
    let face: FontFace
    let lineHeight: Int
    /// The paragraph begins a new page.
    let startsPage: Bool
    /// Room at the top of each line for ruby and emphasis marks, pixels.
    let marksHeight: Int
    /// What a block of a structured book adds (nil for a text book's paragraph).
    var block: BlockExtras? = nil
    /// Which window of its paragraph this is (`ParagraphWindows`).
    var window = 0
    /// The paragraph ends with this window.
    var endsParagraph = true
    /// How far floated pictures reach into its first lines (nil: none do).
    var wrap: LineWrap?

    /// Absolute scalar offset where line `line` starts (a block without
    /// lines starts where it starts).
    func offset(ofLine line: Int) -> Int { start + (lines.isEmpty ? 0 : lines[line].range.lowerBound) }

    /// The characters of a line in logical order, trailing spaces dropped
    /// and source line ends read as spaces; a hyphenated line ends with
    /// the hyphen drawn (and without the soft hyphen it replaces). A list
    /// item's first line starts with its marker; an image shows no text,
    /// or the alternative text drawn in its place.
    func text(ofLine line: Int) -> String {
        if let block {
            switch block.picture {
            case .image, .rule: return ""
            case let .alternative(text): return (0..<text.lines.count).map(text.text(ofLine:)).joined(separator: " ")
            case nil: break
            }
            if line == 0, let marker = block.marker { return marker.text + " " + lineText(line) }
        }
        return lineText(line)
    }

    private func lineText(_ line: Int) -> String {
        var result = String.UnicodeScalarView()
        let box = lines[line]
        var end = box.range.upperBound
        while end > box.range.lowerBound, shaped.isGlue[end - 1] { end -= 1 }
        if box.hyphenated, end > box.range.lowerBound, shaped.scalars[end - 1] == 0xAD { end -= 1 }
        for index in box.range.lowerBound..<end where !shaped.hides(index) {
            let value = shaped.scalars[index]
            let scalar = value == 0x0A || value == 0x09 ? " " : Unicode.Scalar(value) ?? "\u{FFFD}"
            result.append(scalar)
        }
        if box.hyphenated, let hyphen = Unicode.Scalar(face.hyphenCharacter) { result.append(hyphen) }
        return String(result)
    }
}

extension Typesetter {
    /// Shapes and breaks window `window` of paragraph `index` (a
    /// structured book's block). A window after the first continues the
    /// paragraph: no indent, no space before it, nothing that starts a page.
    /// `wrap` narrows a structured book's block beside floated pictures.
    func layoutParagraph(_ index: Int, window: Int = 0, wrap: LineWrap? = nil) -> ParagraphLayout {
        let windows = paragraphWindows.windows(of: index, in: book)
        let window = min(max(0, window), windows.count - 1)
        var layout = book.document.map { layoutBlock(index, window: window, of: windows, in: $0, wrap: wrap) }
            ?? layoutTextParagraph(index, window: window, of: windows)
        layout.window = window
        layout.endsParagraph = window == windows.count - 1
        if book.document != nil { layout.wrap = wrap }
        return layout
    }

    private func layoutTextParagraph(_ index: Int, window: Int, of windows: ParagraphWindows) -> ParagraphLayout {
        let geometry = flowGeometry(forParagraph: index)
        let paragraph = book.paragraphs[index]
        let isMatter = paragraph.traits.isMatter
        let face = isMatter ? fonts.footer : paragraph.style == .heading ? fonts.heading : fonts.body
        let source = scalars(in: windows.bytes(of: window), count: windows.characters(of: window).count)
        let continues = window > 0
        let endsParagraph = window == windows.count - 1
        // The frame around a book is set as it stands: its notes quote the markup.
        let markup = isMatter ? InlineMarkup() : book.textMarkup?.markup(of: source) ?? InlineMarkup()
        let shaped = ShapedParagraph(source: source, style: paragraph.style, fonts: fonts, face: face, services: services,
                                     markup: markup, direction: windows.direction,
                                     vertical: verticalShaping(ofParagraph: index))
        let followsHeading = index > 0 && book.paragraphs[index - 1].style == .heading
        // Right-to-left paragraphs are set flush, as Arabic and Hebrew books mostly are:
        // every line then meets the right margin.
        let centred = paragraph.traits.contains(.centred)
        // A paragraph that opens with an ideographic space (as Japanese
        // text does) carries its own indent.
        let indented = paragraph.style == .body && !followsHeading && !shaped.isRightToLeft && !centred
            && source.first != 0x3000 && !continues
        let indent = indented ? Int32(geometry.paragraphIndent) * Int32(face.pixelSize) / Int32(geometry.fontSize) : 0
        // A block indent narrows every line; each line's box carries it.
        let blockIndent = min(Int32(paragraph.blockIndent) * Int32(face.pixelSize * 64), geometry.measure / 2)
        var lines = LineBreaker.lines(for: shaped, style: paragraph.style, measure: geometry.measure - blockIndent,
                                      firstLineIndent: indent, hyphenWidth: face.hyphenAdvance, method: lineBreaking,
                                      endsParagraph: endsParagraph)
        for line in lines.indices {
            lines[line].indent += blockIndent
            if centred { lines[line].alignment = .centred }
        }
        let marksHeight = markup.marksAbove ? rubySize(for: face) : 0
        let lineHeight = marksHeight + (isMatter ? Int((Double(face.pixelSize) * geometry.lineSpacing).rounded())
            : paragraph.style == .heading ? geometry.headingLineHeight : geometry.lineHeight)
        return ParagraphLayout(index: index, style: paragraph.style,
                               start: paragraph.scalars.lowerBound + windows.characters(of: window).lowerBound,
                               shaped: shaped, lines: lines, face: face, lineHeight: lineHeight,
                               startsPage: paragraph.traits.contains(.startsPage) && !continues, marksHeight: marksHeight)
    }

    /// The characters of `bytes` of the book's text, `count` of them.
    func scalars(in bytes: Range<Int>, count: Int) -> [UInt32] {
        var source: [UInt32] = []
        source.reserveCapacity(count)
        book.text.utf8.withUnsafeBufferPointer { text in
            var byte = bytes.lowerBound
            while byte < bytes.upperBound {
                let (scalar, length) = DecodedText.decodeScalar(text, at: byte)
                source.append(scalar)
                byte += length
            }
        }
        return source
    }

    /// Ruby and emphasis marks are set at half the text's size.
    func rubySize(for face: FontFace) -> Int { max(6, face.pixelSize / 2) }
}
