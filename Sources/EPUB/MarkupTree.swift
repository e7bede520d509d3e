import StyleSheets

/// Namespaces an EPUB's documents use.
public enum Namespace {
    public static let xhtml = "http://www.w3.org/1999/xhtml"
    public static let ops = "http://www.idpf.org/2007/ops"
    public static let xml = "http://www.w3.org/XML/1998/namespace"
    public static let xlink = "http://www.w3.org/1999/xlink"
    public static let svg = "http://www.w3.org/2000/svg"
    public static let opf = "http://www.idpf.org/2007/opf"
    public static let dublinCore = "http://purl.org/dc/elements/1.1/"

    /// The namespace a well-known prefix stands for in attribute names
    /// and selectors (`epub:type`, `xml:lang`, `xlink:href`).
    static func forPrefix(_ prefix: String) -> String? {
        switch prefix {
        case "epub": return ops
        case "xml": return xml
        case "xlink": return xlink
        case "opf": return opf
        default: return nil
        }
    }
}

/// A parsed XML or HTML document: elements and text in document order,
/// as plain values (libxml2's tree is freed once this is built).
public final class MarkupTree: Sendable {
    public struct Attribute: Sendable {
        /// Local name, lower-cased.
        public var name: String
        public var namespace: String?
        public var value: String
    }

    public struct Node: Sendable {
        /// Local name, lower-cased; empty for text.
        public var name: String
        public var namespace: String?
        public var attributes: [Attribute]
        /// The characters of a text node.
        public var text: String
        public var parent: Int
        public var children: [Int]
        public var previousElement: Int
        public var nextElement: Int

        public var isText: Bool { name.isEmpty }
    }

    public let nodes: [Node]

    init(nodes: [Node]) { self.nodes = nodes }

    /// The first element, if the document has one.
    public var root: MarkupElement? {
        nodes.indices.first { !nodes[$0].isText }.map { MarkupElement(tree: self, index: $0) }
    }
}

/// An element of a `MarkupTree`.
public struct MarkupElement: StyledElement, Sendable {
    public let tree: MarkupTree
    public let index: Int

    var node: MarkupTree.Node { tree.nodes[index] }

    public var localName: String { node.name }
    public var namespace: String? { node.namespace }
    public var identifier: String? { attribute("id") ?? attribute("id", namespace: Namespace.xml) }
    public var classNames: [String] {
        guard let value = attribute("class") else { return [] }
        return value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map(String.init)
    }

    /// The attribute `name` in `namespace` (nil: no namespace).
    public func attribute(_ name: String, namespace: String? = nil) -> String? {
        node.attributes.first { $0.name == name && $0.namespace == namespace }?.value
    }

    public func attribute(_ name: String, namespacePrefix: String?) -> String? {
        var name = name
        var prefix = namespacePrefix
        if prefix == nil, let colon = name.firstIndex(of: ":") {
            prefix = String(name[..<colon])
            name = String(name[name.index(after: colon)...])
        }
        switch prefix {
        case nil: return attribute(name)
        case "*": return node.attributes.first { $0.name == name }?.value
        case let written?: return Namespace.forPrefix(written).flatMap { attribute(name, namespace: $0) }
        }
    }

    public var parentElement: MarkupElement? {
        let parent = node.parent
        return parent >= 0 ? MarkupElement(tree: tree, index: parent) : nil
    }

    public var previousElementSibling: MarkupElement? {
        node.previousElement >= 0 ? MarkupElement(tree: tree, index: node.previousElement) : nil
    }

    public var nextElementSibling: MarkupElement? {
        node.nextElement >= 0 ? MarkupElement(tree: tree, index: node.nextElement) : nil
    }

    public var hasContent: Bool { !node.children.isEmpty }

    /// Child elements in order.
    public var elements: [MarkupElement] {
        node.children.compactMap { tree.nodes[$0].isText ? nil : MarkupElement(tree: tree, index: $0) }
    }

    /// Descendant elements in document order, this one first.
    public func descendants(named name: String? = nil) -> [MarkupElement] {
        var found: [MarkupElement] = []
        var stack = [index]
        while let next = stack.popLast() {
            let current = tree.nodes[next]
            guard !current.isText else { continue }
            if name == nil || current.name == name { found.append(MarkupElement(tree: tree, index: next)) }
            stack.append(contentsOf: current.children.reversed())
        }
        return found
    }

    /// The text of the element and its descendants.
    public var textContent: String {
        var text = ""
        var stack = [index]
        while let next = stack.popLast() {
            let current = tree.nodes[next]
            if current.isText { text += current.text } else { stack.append(contentsOf: current.children.reversed()) }
        }
        return text
    }

    /// `epub:type` words.
    public var epubTypes: [String] {
        (attribute("type", namespace: Namespace.ops) ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
            .map { $0.lowercased() }
    }

    /// The language of the element (`xml:lang`, else `lang`), when it names one.
    public var language: String? { attribute("lang", namespace: Namespace.xml) ?? attribute("lang") }
}
