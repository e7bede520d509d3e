import StyleSheets

/// A document tree for selector tests: elements written as
/// `TestDocument.element("p", id:, classes:, attributes:, children:)`.
final class TestDocument {
    struct Node {
        var name: String
        var attributes: [String: String]
        var parent: Int
        var children: [Int] = []
        var text: String
    }

    private(set) var nodes: [Node] = []

    /// Adds an element under `parent` (-1 for the root) and returns it.
    @discardableResult
    func add(_ name: String, under parent: TestElement? = nil, id: String? = nil, classes: String? = nil,
             attributes: [String: String] = [:], text: String = "") -> TestElement {
        var all = attributes
        if let id { all["id"] = id }
        if let classes { all["class"] = classes }
        let index = nodes.count
        nodes.append(Node(name: name, attributes: all, parent: parent?.index ?? -1, text: text))
        if let parent { nodes[parent.index].children.append(index) }
        return TestElement(document: self, index: index)
    }
}

struct TestElement: StyledElement {
    let document: TestDocument
    let index: Int

    private var node: TestDocument.Node { document.nodes[index] }
    var localName: String { node.name }
    var identifier: String? { node.attributes["id"] }
    var classNames: [String] { (node.attributes["class"] ?? "").split(separator: " ").map(String.init) }

    func attribute(_ name: String, namespacePrefix: String?) -> String? {
        switch namespacePrefix {
        case nil: return node.attributes[name]
        case "*": return node.attributes[name] ?? node.attributes.first { $0.key.hasSuffix(":" + name) }?.value
        case let prefix?: return node.attributes["\(prefix):\(name)"]
        }
    }

    var parentElement: TestElement? { node.parent >= 0 ? TestElement(document: document, index: node.parent) : nil }

    private var siblings: [Int] { node.parent >= 0 ? document.nodes[node.parent].children : [index] }

    var previousElementSibling: TestElement? {
        guard let position = siblings.firstIndex(of: index), position > 0 else { return nil }
        return TestElement(document: document, index: siblings[position - 1])
    }

    var nextElementSibling: TestElement? {
        guard let position = siblings.firstIndex(of: index), position + 1 < siblings.count else { return nil }
        return TestElement(document: document, index: siblings[position + 1])
    }

    var hasContent: Bool { !node.children.isEmpty || !node.text.isEmpty }
}
