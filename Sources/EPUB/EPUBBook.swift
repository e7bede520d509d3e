import BookModel
import StyleSheets
import Typesetting

/// What an EPUB says about itself beyond the book's text: the package's
/// metadata as written, its navigation, its cover.
public struct EPUBPublication: Sendable {
    public var package: PackageDocument
    public var navigation: BookNavigation
    /// Where the contents came from: `nav`, `ncx` or `spine` (one entry per document).
    public var contentsSource: String
    /// The cover image's container path.
    public var cover: String?
    public var resources: EPUBResources
}

/// An EPUB read into the document model.
public struct OpenedEPUB: Sendable {
    public var book: Book
    public var publication: EPUBPublication
}

/// Reads an EPUB: checks the container, reads the package and navigation,
/// then every spine document in order into one `Book` of sections. A
/// spine document that is missing or cannot be read becomes a section of
/// one block that says so; the others keep their places.
public enum EPUBBook {
    /// A content document larger than this is not read (libxml2 keeps text nodes below 10 MB too).
    static let maximumDocumentSize = 16 << 20
    /// More elements than any chapter has (a whole novel in one file has some 100,000).
    static let maximumElements = 400_000
    /// Notes longer than this are not shown in a panel: a link to them jumps.
    static let maximumNoteLength = 2_000

    /// Reads the whole EPUB at `path`. `clock` gives now in ms on a
    /// monotonic clock, for the time the read may spend (nil: no limit).
    public static func open(path: String, publisherStyles: Bool = true,
                            clock: (@Sendable () -> Double)? = nil) throws -> OpenedEPUB {
        try EPUBSource(path: path, publisherStyles: publisherStyles, clock: clock).wholeBook()
    }

    /// The EPUB 3 navigation document, else the NCX.
    static func readNavigation(_ container: EPUBContainer, budget: inout ReadingBudget) -> (BookNavigation, String) {
        let package = container.package
        if let item = package.navigationItem, case let .success(bytes) = container.read(item.path, limit: maximumDocumentSize),
           budget.inflate(bytes.count) == nil {
            let navigation = BookNavigation(navigationDocument: bytes, path: item.path)
            if !navigation.contents.isEmpty { return (navigation, "nav") }
        }
        let ncx = package.ncxID.flatMap { package.manifest[$0] }
            ?? package.manifestOrder.lazy.compactMap { package.manifest[$0] }.first { $0.mediaType == "application/x-dtbncx+xml" }
        if let ncx, case let .success(bytes) = container.read(ncx.path, limit: maximumDocumentSize),
           budget.inflate(bytes.count) == nil {
            return (BookNavigation(ncx: bytes, path: ncx.path), "ncx")
        }
        return (BookNavigation(), "spine")
    }

    static let documentTypes: Set<String> = ["application/xhtml+xml", "text/html", "image/svg+xml"]
    static let imageTypes: Set<String> = ["image/png", "image/jpeg", "image/jpg", "image/gif", "image/webp"]

    /// The item to show for `item`: itself when the reader can, else the
    /// first of its fallback chain that it can.
    static func shown(_ item: PackageDocument.Item, in package: PackageDocument, accepting types: Set<String>)
        -> PackageDocument.Item? {
        var current: PackageDocument.Item? = item
        var seen: Set<String> = []
        while let candidate = current, !seen.contains(candidate.id) {
            if types.contains(candidate.mediaType) { return candidate }
            seen.insert(candidate.id)
            current = candidate.fallback.flatMap { package.manifest[$0] }
        }
        return nil
    }

    /// Spine document `itemref` read into a section, spending `budget`.
    /// When the budget runs out the section ends at a notice saying why
    /// and `budget.cut` says the rest of the book is not to be read.
    static func readSpineItem(_ itemref: PackageDocument.SpineItem, container: EPUBContainer,
                              resources: EPUBResources, sheets: inout BookStyleSheets, budget: inout ReadingBudget,
                              publisherStyles: Bool, notices: inout [String]) -> ContentSection {
        let package = container.package
        func notice(_ path: String, _ text: String) -> ContentSection {
            notices.append(text)
            var section = ContentSection(path: path)
            section.blocks = [noticeBlock(text)]
            return section
        }
        guard let item = package.manifest[itemref.idref] else {
            return notice(itemref.idref, "This part of the book is missing: the spine names \(itemref.idref), which the manifest does not list.")
        }
        let rendition = Rendition(of: itemref, in: package)
        // A pre-paginated spine item that is an image is a page of that image, its fallback read for its text.
        let pageImage = shown(item, in: package, accepting: imageTypes).flatMap { image in
            rendition.isPrePaginated && (imageTypes.contains(item.mediaType) || shown(item, in: package, accepting: documentTypes) == nil)
                ? image : nil
        }
        guard let shownItem = shown(item, in: package, accepting: documentTypes) else {
            if let image = pageImage {
                var section = ContentSection(path: item.path)
                section.blocks = []
                section.fixedPage = imagePage(image.path, rendition: rendition, resources: resources)
                return fixedPageText(section)
            }
            if let image = shown(item, in: package, accepting: imageTypes) {
                var section = ContentSection(path: item.path)
                section.blocks = [ContentSection.Block(kind: .image(DocumentImage(resource: image.path)), style: BlockStyle(),
                                                       text: "")]
                return section
            }
            return notice(item.path, "This part of the book (\(item.path), \(item.mediaType)) cannot be shown.")
        }
        func cut(_ reason: String) -> ContentSection {
            budget.cut = reason
            return notice(item.path, cutNotice(at: shownItem.path, reason: reason))
        }
        if let reason = budget.timeExhausted { return cut(reason) }
        let bytes: [UInt8]
        switch container.read(shownItem.path, limit: maximumDocumentSize) {
        case let .success(read): bytes = read
        case let .failure(error):
            var section = notice(shownItem.path, "This part of the book could not be read: \(error).")
            section.path = item.path
            return section
        }
        // Spent once read: what the directory says of a size may lie, and one document is bounded anyway.
        if let reason = budget.inflate(bytes.count) { return cut(reason) }
        // libxml2 builds its whole tree first: a document of more elements than any chapter has is not read.
        let tags = bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "<") ? 1 : 0) }
        guard tags <= maximumElements else {
            var section = notice(shownItem.path, "This part of the book (\(shownItem.path)) has more than \(maximumElements) elements and is not shown.")
            section.path = item.path
            return section
        }
        guard let parsed = MarkupParser.parseContent(bytes, name: shownItem.path) else {
            return notice(item.path, "This part of the book (\(shownItem.path)) holds no document.")
        }
        if let problem = parsed.problem { notices.append("\(shownItem.path) is not well-formed (\(problem))") }
        var authorSheets: [BookStyleSheets.Named] = []
        if publisherStyles, let root = parsed.tree.root {
            var styleElements = 0
            for element in root.descendants() {
                switch element.localName {
                case "link":
                    let relations = PackageDocument.words(element.attribute("rel")?.lowercased())
                    guard relations.contains("stylesheet"), !relations.contains("alternate"),
                          let href = element.attribute("href"),
                          case let .inside(sheetPath, _) = ContainerReference.resolve(href, from: shownItem.path) else { continue }
                    authorSheets += sheets.sheets(at: sheetPath, budget: &budget)
                case "style":
                    styleElements += 1
                    // No container path holds a line feed: the name is the element's alone.
                    authorSheets += sheets.sheet(text: element.textContent, name: "\(shownItem.path)\n\(styleElements)",
                                                 documentPath: shownItem.path, budget: &budget)
                default:
                    continue
                }
            }
        }
        let isSVG = shownItem.mediaType == "image/svg+xml" || parsed.tree.root?.localName == "svg"
        let families = Dictionary(sheets.fonts.map { ($0.family.lowercased(), $0.family) }, uniquingKeysWith: { first, _ in first })
        let context = ContentReader.Context(
            cascade: StyleCascade(userAgent: ReaderStyleSheet.sheet, author: BookStyleSheets.applied(authorSheets)),
            mapping: StyleMapping(embeddedFamilies: publisherStyles ? families : [:]),
            publisherStyles: publisherStyles,
            placesBoxes: rendition.isPrePaginated && pageImage == nil && !isSVG,
            resolveImage: { source, documentPath in imageResource(source, from: documentPath, package: package, resources: resources) },
            keepInlineSVG: { resources.register(svgDocument: $0) })
        var section = ContentReader.read(parsed.tree, path: shownItem.path, problem: parsed.problem, context: context)
        // Links name the spine item, not its fallback.
        section.path = item.path
        if parsed.entityReferencesLeftOut > 0 {
            let text = entityNotice(path: shownItem.path, leftOut: parsed.entityReferencesLeftOut)
            notices.append(text)
            section.blocks.append(noticeBlock(text))
        }
        keepText(of: &section, at: shownItem.path, budget: &budget, notices: &notices)
        if let image = pageImage {
            section.fixedPage = imagePage(image.path, rendition: rendition, resources: resources)
        } else if isSVG {
            section.fixedPage = svgPage(shownItem.path, tree: parsed.tree, rendition: rendition)
        } else if rendition.isPrePaginated {
            section.fixedPage = laidOutPage(tree: parsed.tree, rendition: rendition)
            // A page that sets nothing is still a page of the book (a blank one).
            if section.blocks.isEmpty { section.blocks = [ContentSection.Block(kind: .paragraph, style: BlockStyle(), text: "\u{FFFC}")] }
        }
        guard let page = section.fixedPage, page.content != .laidOut else { return section }
        return fixedPageText(section)
    }

    /// Spends the section's text; the blocks past the budget are left out
    /// and a notice ends the section instead.
    private static func keepText(of section: inout ContentSection, at path: String, budget: inout ReadingBudget,
                                 notices: inout [String]) {
        var kept = 0
        for (index, block) in section.blocks.enumerated() {
            let length = block.text.utf8.count
            guard kept + length <= budget.textLeft else {
                section.blocks.removeSubrange(index...)
                section.trailingAnchors = []
                budget.cut = budget.textExhausted
                let text = cutNotice(at: path, reason: budget.textExhausted)
                notices.append(text)
                section.blocks.append(noticeBlock(text))
                break
            }
            kept += length
        }
        budget.keepText(kept)
    }

    /// A notice in the book's text: a centred italic paragraph.
    static func noticeBlock(_ text: String) -> ContentSection.Block {
        var style = BlockStyle()
        style.alignment = .centred
        style.inline.slant = .italic
        return ContentSection.Block(kind: .paragraph, style: style, text: text)
    }

    static func cutNotice(at path: String, reason: String) -> String {
        "The rest of the book, from \(path) on, is not shown: \(reason)."
    }

    static func entityNotice(path: String, leftOut: Int) -> String {
        "Some text of \(path) is left out: \(leftOut) entity references would expand it past "
            + "\(MarkupParser.entityBudget >> 10) KB."
    }

    /// The resource an image reference shows: a manifest item (or its
    /// fallback) or a `data:` URL. Files the manifest does not list are
    /// not shown, nor anything outside the book.
    static func imageResource(_ source: String, from documentPath: String, package: PackageDocument,
                              resources: EPUBResources) -> String? {
        switch ContainerReference.resolve(source, from: documentPath) {
        case let .outside(url):
            guard url.lowercased().hasPrefix("data:") else { return nil }
            return resources.register(dataURL: url)
        case let .inside(path, _):
            guard let item = package.item(atPath: path), resources.contains(path) else { return nil }
            return (shown(item, in: package, accepting: imageTypes) ?? item).path
        }
    }

    /// The cover: the manifest's `cover-image`, EPUB 2's cover meta, else
    /// a first spine document that is one image.
    static func cover(package: PackageDocument, sections: [ContentSection]) -> String? {
        if let item = package.declaredCover { return item.path }
        guard let first = sections.first else { return nil }
        let images = first.blocks.compactMap { block -> String? in
            if case let .image(image) = block.kind { return image.resource } else { return nil }
        }
        let text = first.blocks.reduce(0) { $0 + $1.text.count }
        return images.count == 1 && text < 200 ? images[0] : nil
    }
}
