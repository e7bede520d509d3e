import BookModel
import StyleSheets
import Typesetting

/// Block-level elements: each starts a block; margins collapse between
/// blocks; list items get their markers; images are blocks of their own.
extension ContentReader {
    mutating func visitBlock(_ element: MarkupElement, style: ComputedStyle, language: String?, direction: TextDirection?) {
        flush()
        let name = element.localName
        let parent = frames[frames.count - 1]
        let isRightToLeft = (direction ?? parent.direction) == .rightToLeft
        // A floated block that only wraps an image floats that image: its
        // margins are the float's, not space and indents of the flow.
        let floating = Self.holdsOnlyAnImage(element) ? StyleMapping.float(style, rightToLeft: isRightToLeft) : nil
        if floating == nil { pendingSpaceBefore = max(pendingSpaceBefore, style.margin.top + style.padding.top) }
        if style.breakBefore { pendingBreakBefore = true }
        var startEdge = isRightToLeft ? style.margin.right + style.padding.right : style.margin.left + style.padding.left
        var endEdge = isRightToLeft ? style.margin.left + style.padding.left : style.margin.right + style.padding.right
        if floating != nil { (startEdge, endEdge) = (0, 0) }
        let indentStart = parent.indentStart + startEdge
        let indentEnd = parent.indentEnd + endEdge
        var blockStyle = context.mapping.block(style, indentStart: indentStart, indentEnd: indentEnd, language: language,
                                               direction: direction)
        blockStyle.float = floating
        blockStyle.clear = StyleMapping.clear(style, rightToLeft: isRightToLeft)
        let kind = Self.kind(of: name, style: style, parent: parent.kind)
        if case .heading = kind { blockStyle.hyphenates = false }
        frames.append(BlockFrame(style: style, blockStyle: blockStyle, kind: kind, language: language, direction: direction,
                                 indentStart: indentStart, indentEnd: indentEnd,
                                 placement: placement(of: style) ?? parent.placement))
        if style.display == .listItem {
            pendingMarker = nextListMarker(element: element)
        }
        let isList = name == "ol" || name == "ul" || name == "menu" || name == "dir"
        if isList { lists.append(Self.listFrame(for: element, style: style)) }
        let blocksBefore = section.blocks.count

        visitChildren(of: element, style: style, language: language, direction: direction)

        flush()
        if isList { lists.removeLast() }
        if style.display == .listItem { pendingMarker = nil }
        frames.removeLast()
        let bottom = floating == nil ? style.margin.bottom + style.padding.bottom : 0
        // A floated picture takes no space in the flow: the space is the last block's in it.
        if let last = (blocksBefore..<section.blocks.count).last(where: { section.blocks[$0].style.float == nil }) {
            section.blocks[last].style.spaceAfter = max(section.blocks[last].style.spaceAfter,
                                                        StyleMapping.clamp(bottom, StyleMapping.spaceRange))
            if style.breakAfter { section.blocks[last].style.breakAfter = true }
        } else {
            pendingSpaceBefore = max(pendingSpaceBefore, bottom)
            if style.breakAfter { pendingBreakBefore = true }
        }
        afterLetter = false
    }

    /// The element's only content is one image (and white space).
    private static func holdsOnlyAnImage(_ element: MarkupElement) -> Bool {
        var images = 0
        for child in element.node.children {
            let node = element.tree.nodes[child]
            if node.isText {
                guard node.text.unicodeScalars.allSatisfy({ $0.properties.isWhitespace }) else { return false }
            } else {
                guard node.name == "img" else { return false }
                images += 1
            }
        }
        return images == 1
    }

    private static func kind(of name: String, style: ComputedStyle, parent: BlockKind) -> BlockKind {
        switch name {
        case "h1", "h2", "h3", "h4", "h5", "h6":
            return .heading(level: Int(name.dropFirst()) ?? 1)
        case "blockquote": return .quote
        case "td", "th": return .tableCell
        default:
            if style.whiteSpace == .pre || style.whiteSpace == .preWrap { return .preformatted }
            if style.display == .tableCell { return .tableCell }
            switch parent {
            case .quote, .preformatted, .tableCell: return parent
            default: return .paragraph
            }
        }
    }

    private static func listFrame(for element: MarkupElement, style: ComputedStyle) -> ListFrame {
        let isReversed = element.attribute("reversed") != nil
        let items = element.elements.filter { $0.localName == "li" }.count
        let start = element.attribute("start").flatMap { Int($0.trimmingWhitespace) } ?? (isReversed ? items : 1)
        return ListFrame(type: style.listStyleType, next: start, step: isReversed ? -1 : 1)
    }

    private mutating func nextListMarker(element: MarkupElement) -> String {
        let type = frames[frames.count - 1].style.listStyleType
        guard !lists.isEmpty else { return GeneratedText.listMarker(type: type, number: 1) }
        let last = lists.count - 1
        if let value = element.attribute("value").flatMap({ Int($0.trimmingWhitespace) }) { lists[last].next = value }
        let number = lists[last].next
        lists[last].next += lists[last].step
        return GeneratedText.listMarker(type: type, number: number)
    }

    /// Ends the block being collected, if it holds any text.
    mutating func flush() {
        pendingAnchors += buffer.takeAnchorsIfEmpty()
        let frame = frames[frames.count - 1]
        guard var block = buffer.take(blockStyle: frame.blockStyle.inline, preformatted: frame.kind == .preformatted) else {
            return
        }
        flushes += 1
        block.kind = frame.kind
        block.style = frame.blockStyle
        appendBlock(block, frame: frame)
    }

    /// Adds a block with the space, page break, marker and anchors waiting for it.
    mutating func appendBlock(_ block: ContentSection.Block, frame: BlockFrame) {
        var block = block
        // Only pictures float; a floated picture is beside the flow, and the
        // space and list marker waiting are the next block's.
        if case .image = block.kind {} else { block.style.float = nil }
        let floats = block.style.float != nil
        if !floats, let marker = pendingMarker {
            if case .paragraph = block.kind { block.kind = .listItem(marker: marker) }
            pendingMarker = nil
        }
        if floats {
            block.style.spaceBefore = 0
        } else {
            // Collapse with the space after the previous block, as CSS margins do.
            let previousAfter = section.blocks.last(where: { $0.style.float == nil })?.style.spaceAfter ?? 0
            let before = StyleMapping.clamp(pendingSpaceBefore, StyleMapping.spaceRange)
            block.style.spaceBefore = max(0, before - previousAfter)
            pendingSpaceBefore = 0
        }
        if pendingBreakBefore { block.style.breakBefore = true }
        if block.style.placement == nil, let box = frame.placement {
            block.style.placement = box
            // The blocks after the first of a box follow it down, within its sides.
            for index in frames.indices where frames[index].placement == box {
                frames[index].placement?.top = nil
                frames[index].placement?.height = nil
            }
        }
        block.anchors = pendingAnchors.map { ($0, 0) } + block.anchors
        pendingAnchors = []
        pendingBreakBefore = false
        section.blocks.append(block)
    }

    /// An inline `<svg>` drawn as an image block of its own.
    mutating func addInlineSVG(resource: String, style: ComputedStyle) {
        flush()
        let frame = frames[frames.count - 1]
        var image = DocumentImage(resource: resource)
        if case let .percent(percent)? = style.width, percent > 0 { image.widthFraction = min(1, percent / 100) }
        var blockStyle = frame.blockStyle
        blockStyle.hyphenates = false
        blockStyle.placement = placement(of: style)
        appendBlock(ContentSection.Block(kind: .image(image), style: blockStyle, text: ""), frame: frame)
        flushes += 1
        afterLetter = false
    }

    /// The box of an absolutely positioned element of a fixed page, in CSS pixels.
    func placement(of style: ComputedStyle) -> BlockPlacementBox? {
        guard context.placesBoxes, style.isAbsolutelyPositioned else { return nil }
        func pixels(_ length: CSSLength?) -> Double? { length?.cssPixels(fontSize: style.fontSize) }
        return BlockPlacementBox(top: pixels(style.top), left: pixels(style.left), width: pixels(style.width).map { max(1, $0) },
                                 height: pixels(style.height).map { max(1, $0) })
    }

    /// An image as a block of its own, when the book has it.
    mutating func addImage(_ element: MarkupElement, style: ComputedStyle, language: String?, direction: TextDirection?) {
        let source = element.attribute("src") ?? element.attribute("href", namespace: Namespace.xlink)
            ?? element.attribute("href")
        guard let source, let resource = context.resolveImage(source, section.path) else { return }
        flush()
        let frame = frames[frames.count - 1]
        var image = DocumentImage(resource: resource, alternative: PackageDocument.collapsed(element.attribute("alt") ?? ""))
        image.pixelWidth = element.attribute("width").flatMap { Int($0.trimmingWhitespace) }
        image.pixelHeight = element.attribute("height").flatMap { Int($0.trimmingWhitespace) }
        if case let .percent(percent)? = style.width, percent > 0 { image.widthFraction = min(1, percent / 100) }
        if context.placesBoxes {
            if let width = style.width?.cssPixels(fontSize: style.fontSize), width >= 1 { image.pixelWidth = Int(width.rounded()) }
            if let height = style.height?.cssPixels(fontSize: style.fontSize), height >= 1 {
                image.pixelHeight = Int(height.rounded())
            }
        }
        var blockStyle = frame.blockStyle
        blockStyle.hyphenates = false
        blockStyle.placement = placement(of: style)
        let isRightToLeft = (direction ?? frame.direction) == .rightToLeft
        if let floating = StyleMapping.float(style, rightToLeft: isRightToLeft) { blockStyle.float = floating }
        blockStyle.clear.formUnion(StyleMapping.clear(style, rightToLeft: isRightToLeft))
        appendBlock(ContentSection.Block(kind: .image(image), style: blockStyle, text: ""), frame: frame)
        flushes += 1
        afterLetter = false
    }
}
