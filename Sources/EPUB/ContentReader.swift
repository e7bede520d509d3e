import BookModel
import StyleSheets
import Typesetting

/// Reads one XHTML content document into blocks: walks its elements with
/// their computed styles, starts a block at each block-level element,
/// collects inline text with its runs, links and anchors, and turns
/// images into image blocks. Unknown elements are read as their text.
struct ContentReader {
    /// What the reader needs from the book while reading a document.
    struct Context {
        var cascade: StyleCascade
        var mapping: StyleMapping
        var publisherStyles: Bool
        /// The document is a fixed-layout page: absolutely positioned
        /// boxes are kept as its blocks' placements.
        var placesBoxes = false
        /// The resource name of an image `src` found in the document at
        /// the given path; nil when it cannot be shown.
        var resolveImage: (_ source: String, _ documentPath: String) -> String?
        /// Keeps an inline `<svg>` written out as a document of its own and
        /// gives its resource name; nil: its `<image>`s are shown instead.
        var keepInlineSVG: ((_ document: [UInt8], _ documentPath: String) -> String)?
    }

    /// A block-level element being read.
    struct BlockFrame {
        var style: ComputedStyle
        var blockStyle: BlockStyle
        var kind: BlockKind
        var language: String?
        var direction: TextDirection?
        var indentStart: Double
        var indentEnd: Double
        /// The box the element's blocks go in, when it or an ancestor is
        /// absolutely positioned in a fixed page.
        var placement: BlockPlacementBox?
    }

    /// An `ol` or `ul` being read: its style and the next item's number.
    struct ListFrame {
        var type: String
        var next: Int
        var step: Int
    }

    let context: Context
    var section: ContentSection
    var buffer = InlineBuffer()
    var frames: [BlockFrame] = []
    var lists: [ListFrame] = []
    var pendingAnchors: [String] = []
    var pendingSpaceBefore = 0.0
    var pendingBreakBefore = false
    var pendingMarker: String?
    /// Counts flushes, so a link whose text was cut by a block is not kept across it.
    var flushes = 0
    var afterLetter = false
    var quoteDepth = 0
    /// Counts elements whose text is set side by side in a vertical line, so two such elements in a row stay apart.
    var combineGroup: UInt8 = 0

    static let skippedElements: Set<String> = ["head", "script", "style", "template", "title"]
    static let blockElements: Set<String> = ["p", "div", "section", "article", "aside", "nav", "header", "footer", "main",
                                             "blockquote", "figure", "figcaption", "ul", "ol", "li", "dl", "dt", "dd",
                                             "pre", "table", "tr", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6",
                                             "address", "center", "caption", "body", "html"]

    /// Reads the document `tree` found at container path `path`.
    static func read(_ tree: MarkupTree, path: String, problem: String?, context: Context) -> ContentSection {
        var reader = ContentReader(context: context, section: ContentSection(path: path, problem: problem))
        guard let root = tree.root else { return reader.section }
        reader.section.title = root.descendants(named: "title").first.map { PackageDocument.collapsed($0.textContent) }
            .flatMap { $0.isEmpty ? nil : $0 }
        if let problem {
            var notice = BlockStyle()
            notice.alignment = .start
            notice.inline.slant = .italic
            reader.section.blocks.append(ContentSection.Block(
                kind: .paragraph, style: notice,
                text: "This page is not well-formed XHTML (\(problem)); it is shown as far as it could be read."))
        }
        let rootStyle = ComputedStyle()
        reader.frames = [BlockFrame(style: rootStyle, blockStyle: context.mapping.block(rootStyle, indentStart: 0, indentEnd: 0,
                                                                                          language: nil, direction: nil),
                                    kind: .paragraph, language: nil, direction: nil, indentStart: 0, indentEnd: 0)]
        reader.visit(root, parentStyle: rootStyle, language: nil, direction: nil)
        reader.flush()
        reader.section.trailingAnchors = reader.pendingAnchors
        return reader.section
    }

    // MARK: elements

    mutating func visit(_ element: MarkupElement, parentStyle: ComputedStyle, language inheritedLanguage: String?,
                        direction inheritedDirection: TextDirection?) {
        let name = element.localName
        if Self.skippedElements.contains(name) || element.attribute("hidden") != nil { return }
        var style = context.cascade.style(for: element, parent: parentStyle, inline: inlineDeclarations(of: element))
        if name == "html" || name == "body" {
            // The reader's size and page margins are the base the book's sizes are relative to.
            style.fontSize = 1
            style.margin = ComputedStyle.Edges()
            style.padding = ComputedStyle.Edges()
            section.writingMode = WritingMode(rawValue: style.writingMode.rawValue) ?? .horizontalTB
        }
        if style.textCombine == .all, parentStyle.textCombine != .all { combineGroup &+= 1 }
        style.turnEdgesIntoLines()
        if style.display == .none { return }
        let language = element.language.map { $0.isEmpty ? nil : $0 } ?? inheritedLanguage
        let direction = Self.direction(of: element, style: style) ?? inheritedDirection
        addAnchors(of: element)
        noteIfNote(element)

        switch name {
        case "br":
            buffer.appendLineBreak(style: inlineStyle(style, language: language))
            afterLetter = false
            return
        case "img", "image":
            addImage(element, style: style, language: language, direction: direction)
            return
        case "svg":
            if element.parentElement != nil, let keep = context.keepInlineSVG, Self.draws(element) {
                let sheets = element.tree.root?.descendants(named: "style").filter { $0.namespace != Namespace.svg }
                    .map(\.textContent) ?? []
                addInlineSVG(resource: keep(InlineSVG.document(element, styleSheets: context.publisherStyles ? sheets : []),
                                            section.path),
                             style: style)
                return
            }
            for image in element.descendants(named: "image") {
                addImage(image, style: style, language: language, direction: direction)
            }
            // An SVG document of the spine: its text is what a reader can show of it.
            if element.parentElement == nil {
                for text in element.descendants(named: "text") {
                    flush()
                    buffer.append(text.textContent.unicodeScalars, style: inlineStyle(style, language: language),
                                  whiteSpace: .normal)
                    flush()
                }
            }
            return
        case "hr":
            flush()
            let frame = frames[frames.count - 1]
            appendBlock(ContentSection.Block(kind: .rule, style: frame.blockStyle, text: ""), frame: frame)
            return
        default:
            break
        }
        if isBlock(element, style: style) {
            visitBlock(element, style: style, language: language, direction: direction)
        } else {
            visitInline(element, style: style, language: language, direction: direction)
        }
    }

    /// Whether an inline `<svg>` draws something of its own; one that only
    /// wraps images (a cover, as many books give it) shows those images.
    private static func draws(_ svg: MarkupElement) -> Bool {
        let wrappers: Set<String> = ["svg", "image", "g", "title", "desc", "metadata", "defs"]
        return svg.descendants().contains { !wrappers.contains($0.localName) }
    }

    private func inlineDeclarations(of element: MarkupElement) -> [Declaration] {
        guard context.publisherStyles, let text = element.attribute("style"), !text.isEmpty else { return [] }
        return StyleSheet.declarations(parsing: text)
    }

    private static func direction(of element: MarkupElement, style: ComputedStyle) -> TextDirection? {
        switch element.attribute("dir")?.lowercased() {
        case "rtl": return .rightToLeft
        case "ltr": return .leftToRight
        default: return style.direction.map { $0 == .rtl ? .rightToLeft : .leftToRight }
        }
    }

    private func isBlock(_ element: MarkupElement, style: ComputedStyle) -> Bool {
        switch style.display {
        case .inline: return false
        case .inlineBlock: return Self.blockElements.contains(element.localName)
        default: return true
        }
    }

    mutating func visitChildren(of element: MarkupElement, style: ComputedStyle, language: String?,
                                        direction: TextDirection?) {
        for child in element.node.children {
            let node = element.tree.nodes[child]
            if node.isText {
                let inline = inlineStyle(style, language: language)
                let shown = GeneratedText.transform(node.text, style.textTransform, afterLetter: &afterLetter)
                buffer.append(shown.unicodeScalars, style: inline, whiteSpace: style.whiteSpace)
            } else {
                visit(MarkupElement(tree: element.tree, index: child), parentStyle: style, language: language,
                      direction: direction)
            }
        }
    }

    private mutating func visitInline(_ element: MarkupElement, style: ComputedStyle, language: String?,
                                      direction: TextDirection?) {
        let inline = inlineStyle(style, language: language)
        switch element.localName {
        case "q":
            let marks = GeneratedText.quotationMarks(language: language, nested: quoteDepth > 0)
            buffer.append(marks.open.unicodeScalars, style: inline, whiteSpace: .normal)
            quoteDepth += 1
            visitChildren(of: element, style: style, language: language, direction: direction)
            quoteDepth -= 1
            buffer.append(marks.close.unicodeScalars, style: inline, whiteSpace: .normal)
        case "ruby":
            visitRuby(element, style: style, language: language, direction: direction)
        case "a":
            let start = buffer.count
            let flushesBefore = flushes
            visitChildren(of: element, style: style, language: language, direction: direction)
            if flushes == flushesBefore, let target = linkTarget(of: element) {
                buffer.addLink(from: start, target: target, isMarkedNoteReference: element.epubTypes.contains("noteref"))
            }
        default:
            visitChildren(of: element, style: style, language: language, direction: direction)
        }
    }

    /// The anchor or section name an internal link points to; nil for links out of the book.
    private func linkTarget(of element: MarkupElement) -> String? {
        guard let href = element.attribute("href") ?? element.attribute("href", namespace: Namespace.xlink),
              case let .inside(path, fragment) = ContainerReference.resolve(href, from: section.path) else { return nil }
        return fragment.map { "\(path)#\($0)" } ?? path
    }

    func inlineStyle(_ style: ComputedStyle, language: String?) -> InlineStyle {
        let frame = frames[frames.count - 1]
        var inline = context.mapping.inline(style, blockSize: frame.style.fontSize, language: language,
                                            blockLanguage: frame.language)
        if case .all = inline.combine { inline.combine = .all(group: combineGroup) }
        return inline
    }

    private mutating func addAnchors(of element: MarkupElement) {
        if let identifier = element.identifier { addAnchor("\(section.path)#\(identifier)") }
        if element.localName == "a", let name = element.attribute("name"), name != element.identifier {
            addAnchor("\(section.path)#\(name)")
        }
    }

    private mutating func addAnchor(_ name: String) {
        if buffer.isEmpty { pendingAnchors.append(name) } else { buffer.addAnchor(name) }
    }

    /// Elements a link may open as a note: asides and the note kinds of `epub:type`.
    private mutating func noteIfNote(_ element: MarkupElement) {
        guard let identifier = element.identifier else { return }
        let types = element.epubTypes
        guard element.localName == "aside" || types.contains(where: { ["footnote", "endnote", "note", "rearnote"].contains($0) })
        else { return }
        section.notes["\(section.path)#\(identifier)"] = element.textContent.count
    }
}
