import BookModel
import CHarfBuzz

/// A structured book's block set for one geometry: its kind and block
/// style make the size, indents, alignment and spacing, its styled runs
/// the faces, and an image or a rule stands as one line of its height.
/// Lengths of the style are ems of the reader's body size.
extension Typesetter {
    /// Heading sizes by level, times the body's.
    static let headingSizes = [1.6, 1.4, 1.25, 1.1, 1.0, 1.0]

    /// `wrap`: how far floated pictures beside the block reach into its first lines.
    func layoutBlock(_ index: Int, window: Int, of windows: ParagraphWindows, in document: BookDocument,
                     wrap: LineWrap? = nil) -> ParagraphLayout {
        let geometry = flowGeometry(forParagraph: index)
        let paragraph = book.paragraphs[index]
        let characters = windows.characters(of: window)
        let continues = window > 0, endsParagraph = window == windows.count - 1
        var attributes = document.blocks[index]
        if windows.count > 1 { attributes.keep(characters) }
        let style = attributes.style
        let source = scalars(in: windows.bytes(of: window), count: characters.count)
        let em = geometry.fontSize
        // Indents never take more than half the measure between them.
        let startIndent = min(ems(style.indentStart), geometry.measure / 2)
        let endIndent = min(ems(style.indentEnd), geometry.measure / 2 - startIndent)
        var extras = BlockExtras(spaceBefore: pixels(style.spaceBefore), spaceAfter: pixels(style.spaceAfter),
                                 keepsWithNext: false, picture: nil, marker: nil, links: attributes.links,
                                 baselineOffset: 0)
        extras.clear = style.clear
        let frame = BlockFrame(index: index, start: paragraph.scalars.lowerBound + characters.lowerBound,
                               startsPage: paragraph.traits.contains(.startsPage) && !continues, count: source.count,
                               startIndent: startIndent, endIndent: endIndent)
        switch attributes.kind {
        case let .image(image):
            return layoutImage(image, frame: frame, style: style, extras: extras, document: document)
        case .rule:
            extras.spaceBefore = max(extras.spaceBefore, geometry.lineHeight / 2)
            extras.spaceAfter = max(extras.spaceAfter, geometry.lineHeight / 2)
            let width = (geometry.measure - startIndent - endIndent) / 3
            extras.picture = .rule(width: width, thickness: max(1, em / 16))
            return pictureLayout(frame: frame, width: width, height: geometry.lineHeight, alignment: .centred,
                                 face: fonts.body, extras: extras)
        default:
            break
        }

        var isHeading = false, isPreformatted = false
        var blockScale = style.relativeSize > 0 ? style.relativeSize : 1
        switch attributes.kind {
        case let .heading(level):
            isHeading = true
            if style.relativeSize == 1 { blockScale = Self.headingSizes[min(5, max(0, level - 1))] }
        case .preformatted:
            isPreformatted = true
        default:
            break
        }
        let blockSize = max(4, Int((Double(em) * blockScale).rounded()))
        let setting = BlockStyling(typesetter: self, document: document, style: style, source: source,
                                   runs: attributes.markup.runs, blockSize: blockSize, isPreformatted: isPreformatted)
        let face = setting.blockFace
        let language = style.language ?? language
        let hyphenator = BlockBreakRules.hyphenates(style) && !isPreformatted ? services.hyphenator(for: language) : nil
        let shaping = BlockShaping(primaryFaces: setting.primaryFaces, shapingScalars: setting.shapingScalars,
                                   runKeys: setting.runKeys, runAttributes: setting.runAttributes,
                                   direction: style.direction.map { $0 == .rightToLeft ? .rightToLeft : .leftToRight }
                                       ?? windows.direction,
                                   hyphenator: hyphenator,
                                   lineBreaks: services.lineBreaks(language: style.language, strictness: style.lineBreakStrictness),
                                   breakRules: BlockBreakRules(style: style), keepsSpaces: isPreformatted,
                                   markup: attributes.markup,
                                   vertical: verticalShaping(ofParagraph: index, style: style.inline))
        let shaped = ShapedParagraph(block: source, shaping: shaping, fonts: fonts, services: services)

        var start = startIndent
        if case let .listItem(marker) = attributes.kind, !marker.isEmpty, !continues {
            let markerShaped = ShapedParagraph(source: marker.unicodeScalars.map(\.value), style: .preserved, fonts: fonts,
                                               face: face, services: services)
            let width = markerShaped.widths.reduce(0, +), gap = Int32(em * 64 / 2)
            extras.marker = BlockMarker(text: marker, shaped: markerShaped, width: width, gap: gap)
            // The marker hangs in the start indent, widened to hold it.
            start = min(max(start, width + gap), geometry.measure / 2)
        }
        let firstIndent = continues ? 0 : firstLineIndent(index, style: style, kind: attributes.kind, shaped: shaped,
                                                          size: blockSize, start: start, document: document)
        let measure = geometry.measure - start - endIndent
        let insets = wrap?.narrowing(rightToLeft: shaped.isRightToLeft, startIndent: start, endIndent: endIndent) ?? []
        var lines = LineBreaker.lines(for: shaped, style: isPreformatted ? .preserved : .body, measure: measure,
                                      firstLineIndent: firstIndent, hyphenWidth: face.hyphenAdvance,
                                      method: isPreformatted ? .greedy : lineBreaking, keepsLeadingSpaces: isPreformatted,
                                      endsParagraph: endsParagraph, insets: insets)
        for line in lines.indices {
            lines[line].indent += start
            lines[line].endIndent += endIndent
            switch style.alignment {
            // A heading is set ragged, not stretched.
            case .justified: if isHeading || isPreformatted { lines[line].alignment = .start }
            case .start: lines[line].alignment = .start
            case .centred: lines[line].alignment = .centred
            case .end: lines[line].alignment = .end
            }
        }
        if let last = style.lastLineAlignment, !isPreformatted {
            alignLastLines(&lines, of: shaped, as: last, endsParagraph: endsParagraph)
        }
        let marksHeight = shaped.markup.marksAbove ? rubySize(for: face) : 0
        let spacing = isHeading ? min(geometry.lineSpacing, 1.25) : geometry.lineSpacing
        let tallest = setting.tallestFace
        let lineHeight = marksHeight + max(1, Int((Double(tallest.pixelSize) * spacing).rounded()))
        if isHeading {
            extras.keepsWithNext = endsParagraph
            extras.spaceBefore = max(extras.spaceBefore, geometry.lineHeight)
            extras.spaceAfter = max(extras.spaceAfter, geometry.lineHeight / 2)
        }
        extras.baselineOffset = Self.baselineOffset(face: tallest, lineHeight: lineHeight, marksHeight: marksHeight)
        return ParagraphLayout(index: index, style: isHeading ? .heading : isPreformatted ? .preserved : .body,
                               start: frame.start, shaped: shaped, lines: lines, face: face, lineHeight: lineHeight,
                               startsPage: frame.startsPage, marksHeight: marksHeight, block: extras)
    }

    /// Sets the block's last line, and each line a forced break ends, as
    /// `alignment` says; a line without spaces cannot be justified and is
    /// set at the start.
    private func alignLastLines(_ lines: inout [LineBox], of shaped: ShapedParagraph, as alignment: BlockStyle.Alignment,
                                endsParagraph: Bool) {
        for index in lines.indices {
            let end = lines[index].range.upperBound
            let endsBlock = index == lines.count - 1 && endsParagraph
            // A window's end is a forced break only at a line feed.
            let forced = end > 0 && shaped.breaks[end - 1] == .mandatory
                && (end < shaped.scalars.count || endsParagraph || shaped.scalars[end - 1] == 0x0A)
            guard endsBlock || forced else { continue }
            switch alignment {
            case .justified: lines[index].alignment = lines[index].glueCount > 0 ? .justified : .start
            case .start: lines[index].alignment = .start
            case .centred: lines[index].alignment = .centred
            case .end: lines[index].alignment = .end
            }
        }
    }

    /// The first line's indent: the style's, else the reader's for a
    /// paragraph right after another with no space between them.
    private func firstLineIndent(_ index: Int, style: BlockStyle, kind: BlockKind, shaped: ShapedParagraph, size: Int,
                                 start: Int32, document: BookDocument) -> Int32 {
        if let given = style.textIndent { return max(-start, ems(given)) }
        guard kind == .paragraph, index > 0, !book.paragraphs[index].traits.contains(.startsPage),
              style.spaceBefore <= 0, !shaped.isRightToLeft,
              style.alignment == .justified || style.alignment == .start else { return 0 }
        // A floated picture is beside the text, not between its paragraphs.
        var before = index - 1
        while before > 0, document.blocks[before].style.float != nil, case .image = document.blocks[before].kind { before -= 1 }
        let previous = document.blocks[before]
        guard previous.kind == .paragraph, previous.style.spaceAfter <= 0 else { return 0 }
        return Int32(geometry.paragraphIndent) * Int32(size) / Int32(geometry.fontSize)
    }

    /// A block image: its size from its header, or its alternative text
    /// when it cannot be read.
    private func layoutImage(_ image: DocumentImage, frame: BlockFrame, style: BlockStyle, extras: BlockExtras,
                             document: BookDocument) -> ParagraphLayout {
        let geometry = flowGeometry(forParagraph: frame.index)
        // A picture stands upright on a vertical page: its width is across the columns.
        let upright = writingMode(ofParagraph: frame.index).isVertical
        var extras = extras
        let available = Int(geometry.measure - frame.startIndent - frame.endIndent) / 64
        let alignment: LineBox.Alignment = style.alignment == .start ? .start : style.alignment == .end ? .end : .centred
        let alternative = alternativeLayout(image.alternative, frame: frame, width: available)
        switch document.imageSizes.info(of: image.resource, in: document.resources) {
        case let .success(info):
            var float = style.float.map { floatBox($0, frame: frame, rightToLeft: style.direction == .rightToLeft) }
            var fitting = upright ? (geometry.contentHeight, available) : (available, geometry.contentHeight)
            var fraction = image.widthFraction
            if let box = float {
                fitting = ImagePlacement.floatFitting(box, available: available, geometry: geometry)
                // A float's percentage is still of its block's width.
                fraction = fraction.map { $0 * Double(available) / Double(fitting.0) }
            }
            let size = ImagePlacement.drawnSize(natural: (info.width, info.height),
                                                asked: (image.pixelWidth, image.pixelHeight),
                                                widthFraction: fraction, fontSize: geometry.fontSize,
                                                fitting: fitting)
            let drawn = upright ? (width: size.height, height: size.width) : size
            extras.picture = .image(BlockImage(resource: image.resource, alternative: alternative, width: drawn.width,
                                               height: drawn.height))
            float?.width = drawn.width
            float?.height = drawn.height
            extras.float = float
            return pictureLayout(frame: frame, width: Int32(drawn.width * 64), height: drawn.height, alignment: alignment,
                                 face: fonts.body, extras: extras)
        case .failure:
            guard let alternative else {
                return pictureLayout(frame: frame, width: 0, height: 0, alignment: alignment, face: fonts.body,
                                     extras: extras, lines: false)
            }
            extras.picture = .alternative(alternative)
            let height = min(geometry.contentHeight, alternative.lines.count * alternative.lineHeight)
            return pictureLayout(frame: frame, width: 0, height: height, alignment: .centred, face: fonts.body,
                                 extras: extras)
        }
    }

    /// A floated picture's box before its size is known: its side, margins
    /// and the block's indent on that side.
    private func floatBox(_ float: BlockStyle.Floating, frame: BlockFrame, rightToLeft: Bool) -> FloatBox {
        let leftIndent = rightToLeft ? frame.endIndent : frame.startIndent
        let rightIndent = rightToLeft ? frame.startIndent : frame.endIndent
        return FloatBox(side: float.side, edge: float.side == .left ? leftIndent : rightIndent, width: 0, height: 0,
                        marginTop: pixels(float.marginTop), marginRight: pixels(float.marginRight),
                        marginBottom: pixels(float.marginBottom), marginLeft: pixels(float.marginLeft))
    }

    /// An image's alternative text set as a centred italic paragraph
    /// `width` pixels wide; nil when it has none.
    private func alternativeLayout(_ text: String, frame: BlockFrame, width: Int) -> ParagraphLayout? {
        let geometry = flowGeometry(forParagraph: frame.index)
        let source = text.unicodeScalars.map(\.value)
        guard !source.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x09 }) else { return nil }
        let face = fonts.face(fonts.body, styled: .italic)
        let shaped = ShapedParagraph(source: source, style: .body, fonts: fonts, face: face, services: services,
                                     vertical: verticalShaping(ofParagraph: frame.index))
        var lines = LineBreaker.lines(for: shaped, style: .preserved, measure: Int32(max(64, width) * 64),
                                      firstLineIndent: 0, hyphenWidth: face.hyphenAdvance, method: .greedy)
        // Never taller than a page: it is not split.
        lines = Array(lines.prefix(max(1, geometry.linesPerPage)))
        for line in lines.indices {
            lines[line].indent = frame.startIndent
            lines[line].endIndent = frame.endIndent
            lines[line].alignment = .centred
        }
        let extras = BlockExtras(spaceBefore: 0, spaceAfter: 0, keepsWithNext: false, picture: nil, marker: nil, links: [],
                                 baselineOffset: Self.baselineOffset(face: face, lineHeight: geometry.lineHeight, marksHeight: 0))
        return ParagraphLayout(index: frame.index, style: .preserved, start: frame.start, shaped: shaped, lines: lines,
                               face: face, lineHeight: geometry.lineHeight, startsPage: false, marksHeight: 0,
                               block: extras)
    }

    /// A block shown as one line of `height` pixels holding its picture.
    private func pictureLayout(frame: BlockFrame, width: Int32, height: Int, alignment: LineBox.Alignment, face: FontFace,
                               extras: BlockExtras, lines hasLine: Bool = true) -> ParagraphLayout {
        let shaped = ShapedParagraph(placeholders: frame.count)
        let line = LineBox(range: 0..<frame.count, naturalWidth: width, glueCount: 0, indent: frame.startIndent,
                           endIndent: frame.endIndent, alignment: alignment, missingGlyphs: 0)
        return ParagraphLayout(index: frame.index, style: .preserved, start: frame.start, shaped: shaped,
                               lines: hasLine ? [line] : [], face: face, lineHeight: max(1, height),
                               startsPage: frame.startsPage, marksHeight: 0, block: extras)
    }

    /// Ems of the body size in 26.6 pixels, none below zero.
    func ems(_ value: Double) -> Int32 { Int32(max(0, value * Double(geometry.fontSize) * 64).rounded()) }

    /// Ems of the body size in whole pixels, none below zero.
    func pixels(_ value: Double) -> Int { Int(max(0, value * Double(geometry.fontSize)).rounded()) }

    /// Distance from a line's top to its baseline: the face's ascent with
    /// half the leading above it.
    static func baselineOffset(face: FontFace, lineHeight: Int, marksHeight: Int) -> Int {
        let ascender = Int(face.ascender) / 64, descender = Int(-face.descender) / 64
        let leading = lineHeight - marksHeight - ascender - descender
        return marksHeight + leading / 2 + ascender
    }
}

/// Where a block sits: its index, first offset, first page, length and indents.
private struct BlockFrame {
    var index: Int
    var start: Int
    var startsPage: Bool
    var count: Int
    var startIndent: Int32
    var endIndent: Int32
}
