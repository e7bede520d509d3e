/// An entry of a book's own navigation: the contents, the landmarks or
/// the page list.
public struct NavigationEntry: Sendable, Equatable {
    public var title: String
    /// 1 for the top level.
    public var level: Int
    /// Container path, with `#fragment` when the link has one.
    public var target: String
    /// The link's `epub:type` (a landmark's kind: `toc`, `bodymatter`...).
    public var kind: String?
}

/// The navigation a book carries: from the EPUB 3 navigation document, or
/// EPUB 2's NCX.
public struct BookNavigation: Sendable, Equatable {
    public var contents: [NavigationEntry] = []
    public var landmarks: [NavigationEntry] = []
    public var pageList: [NavigationEntry] = []

    public init(contents: [NavigationEntry] = [], landmarks: [NavigationEntry] = [], pageList: [NavigationEntry] = []) {
        self.contents = contents
        self.landmarks = landmarks
        self.pageList = pageList
    }

    /// Reads an EPUB 3 navigation document at container path `path`. Every
    /// entry counts, including those the document hides from its own page
    /// (`hidden`, `display: none`): they are the reader's contents.
    public init(navigationDocument bytes: [UInt8], path: String) {
        guard let parsed = MarkupParser.parseContent(bytes, name: path), let root = parsed.tree.root else { return }
        for nav in root.descendants(named: "nav") {
            let types = nav.epubTypes
            guard let list = nav.descendants().first(where: { $0.localName == "ol" || $0.localName == "ul" }) else { continue }
            var entries: [NavigationEntry] = []
            Self.collect(list: list, level: 1, path: path, into: &entries)
            if types.contains("toc"), contents.isEmpty {
                contents = entries
            } else if types.contains("landmarks"), landmarks.isEmpty {
                landmarks = entries
            } else if types.contains("page-list"), pageList.isEmpty {
                pageList = entries
            }
        }
    }

    /// Entries of an `ol`, depth first. A list nested deeper than
    /// `maximumLevel` is read at that level.
    private static let maximumLevel = 16

    private static func collect(list: MarkupElement, level: Int, path: String, into entries: inout [NavigationEntry]) {
        var stack: [(MarkupElement, Int)] = list.elements.reversed().map { ($0, level) }
        while let (item, itemLevel) = stack.popLast() {
            guard item.localName == "li" else { continue }
            let children = item.elements
            if let label = children.first(where: { $0.localName == "a" || $0.localName == "span" }) {
                let title = Self.label(of: label)
                if label.localName == "a", let href = label.attribute("href"),
                   case let .inside(targetPath, fragment) = ContainerReference.resolve(href, from: path) {
                    entries.append(NavigationEntry(title: title, level: itemLevel,
                                                   target: fragment.map { "\(targetPath)#\($0)" } ?? targetPath,
                                                   kind: label.epubTypes.first))
                } else if !title.isEmpty {
                    // A heading without a link: its entries follow; it points where the first of them does.
                    entries.append(NavigationEntry(title: title, level: itemLevel, target: "", kind: nil))
                }
            }
            for sublist in children where sublist.localName == "ol" || sublist.localName == "ul" {
                let nextLevel = min(itemLevel + 1, maximumLevel)
                stack.append(contentsOf: sublist.elements.reversed().map { ($0, nextLevel) })
            }
        }
        // Headings without links take the target of the entry after them.
        for index in entries.indices.reversed() where entries[index].target.isEmpty {
            if index + 1 < entries.count { entries[index].target = entries[index + 1].target }
        }
        entries.removeAll { $0.target.isEmpty }
    }

    /// What a link says: its text, images read as their `alt` text, else its `title`.
    static func label(of element: MarkupElement) -> String {
        var text = ""
        var stack = [element.index]
        let tree = element.tree
        while let next = stack.popLast() {
            let node = tree.nodes[next]
            if node.isText {
                text += node.text
            } else if node.name == "img" {
                let image = MarkupElement(tree: tree, index: next)
                text += " " + (image.attribute("alt") ?? image.attribute("title") ?? "") + " "
            } else {
                stack.append(contentsOf: node.children.reversed())
            }
        }
        let collapsed = PackageDocument.collapsed(text)
        return collapsed.isEmpty ? PackageDocument.collapsed(element.attribute("title") ?? "") : collapsed
    }

    /// Reads EPUB 2's NCX: the nested `navPoint`s of its `navMap`, and its `pageList`.
    public init(ncx bytes: [UInt8], path: String) {
        guard let parsed = MarkupParser.parseXML(bytes, name: path), let root = parsed.tree.root else { return }
        if let map = root.descendants(named: "navmap").first {
            var stack: [(MarkupElement, Int)] = map.elements.reversed().map { ($0, 1) }
            while let (point, level) = stack.popLast() {
                guard point.localName == "navpoint" else { continue }
                if let entry = Self.ncxEntry(point, level: level, path: path) { contents.append(entry) }
                stack.append(contentsOf: point.elements.reversed().map { ($0, min(level + 1, Self.maximumLevel)) })
            }
        }
        if let list = root.descendants(named: "pagelist").first {
            pageList = list.elements.compactMap { Self.ncxEntry($0, level: 1, path: path) }
        }
    }

    private static func ncxEntry(_ point: MarkupElement, level: Int, path: String) -> NavigationEntry? {
        guard let content = point.elements.first(where: { $0.localName == "content" }),
              let source = content.attribute("src"),
              case let .inside(targetPath, fragment) = ContainerReference.resolve(source, from: path) else { return nil }
        let label = point.elements.first { $0.localName == "navlabel" }.map { PackageDocument.collapsed($0.textContent) } ?? ""
        return NavigationEntry(title: label, level: level, target: fragment.map { "\(targetPath)#\($0)" } ?? targetPath,
                               kind: nil)
    }
}
