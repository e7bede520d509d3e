import EPUB
import Glibc
import LinuxSystem
import StyleSheets
import TestSupport
import Typesetting

/// The EPUB parsers: the zip container, the package and navigation
/// documents, style sheets and content documents. Whatever the bytes, a
/// book that opens is consistent: sections tile its text in order, links,
/// anchors and chapters point into it, paths never leave the container.
enum EPUBFuzzing {
    /// The input as a whole EPUB file.
    static func zip(_ bytes: UnsafeBufferPointer<UInt8>) {
        checkBook(at: FuzzTarget.writeScratch(bytes, suffix: ".epub"))
    }

    /// The input as a package document, then as a navigation document and an NCX.
    static func package(_ bytes: UnsafeBufferPointer<UInt8>) {
        let input = Array(bytes)
        if let package = PackageDocument(parsing: input, path: "OEBPS/content.opf") {
            for item in package.manifest.values { requireInside(item.path) }
            FuzzTarget.require(package.manifestOrder.count == package.manifest.count, "every manifest item is listed once")
        }
        for navigation in [BookNavigation(navigationDocument: input, path: "OEBPS/nav.xhtml"),
                           BookNavigation(ncx: input, path: "OEBPS/toc.ncx")] {
            for entry in navigation.contents + navigation.landmarks + navigation.pageList {
                FuzzTarget.require(entry.level >= 1, "levels start at 1")
                requireInside(String(entry.target.split(separator: "#", maxSplits: 1).first ?? ""))
            }
        }
    }

    /// The input as a style sheet over a small document.
    static func css(_ bytes: UnsafeBufferPointer<UInt8>) {
        let sheet = StyleSheet(parsing: String(decoding: bytes, as: UTF8.self))
        let cascade = StyleCascade(userAgent: StyleSheet(), author: [sheet])
        let tree = FuzzElements.document
        var styles: [Int: ComputedStyle] = [:]
        for element in tree {
            let parent = element.parentElement.flatMap { styles[$0.index] } ?? ComputedStyle()
            let style = cascade.style(for: element, parent: parent)
            FuzzTarget.require((0.5...4).contains(style.fontSize), "font sizes stay readable")
            FuzzTarget.require([style.margin.top, style.margin.left, style.padding.bottom].allSatisfy(\.isFinite),
                               "lengths are finite")
            styles[element.index] = style
        }
    }

    /// The input as the one content document of a book.
    static func content(_ bytes: UnsafeBufferPointer<UInt8>) {
        let entries: [EPUBArchiveWriter.Entry] = [
            .init("mimetype", "application/epub+zip", method: .stored),
            .init("META-INF/container.xml", EPUBArchiveWriter.container),
            .init("OEBPS/content.opf", EPUBArchiveWriter.package(items: [("c", "c.xhtml", "application/xhtml+xml"),
                                                                         ("i", "i.png", "image/png")], spine: ["c"])),
            .init("OEBPS/c.xhtml", Array(bytes)),
        ]
        let path = FuzzTarget.scratchPath(suffix: ".epub")
        do {
            try EPUBArchiveWriter.write(entries, to: path)
        } catch {
            fatalError("cannot write \(path): \(error)")
        }
        checkBook(at: path)
    }

    private static func requireInside(_ path: String) {
        FuzzTarget.require(!path.hasPrefix("/") && !path.split(separator: "/").contains(".."), "paths stay in the container")
    }

    private static func checkBook(at path: String) {
        guard let opened = try? EPUBBook.open(path: path) else { return }
        let book = opened.book
        let count = book.text.scalarCount
        FuzzTarget.require(String(validating: book.text.utf8, as: UTF8.self) != nil, "the text is valid UTF-8")
        guard let document = book.document else { return FuzzTarget.require(false, "an EPUB has a document") }
        FuzzTarget.require(document.blocks.count == book.paragraphs.count, "one block per paragraph")
        var end = 0
        for section in document.sections {
            FuzzTarget.require(section.offsets.lowerBound >= end && section.offsets.upperBound <= count, "sections tile the text")
            end = section.offsets.upperBound
        }
        for (index, block) in document.blocks.enumerated() {
            let length = book.paragraphs[index].scalars.count
            for run in block.markup.runs { FuzzTarget.require(run.range.upperBound <= length, "runs lie in their block") }
            for link in block.links {
                FuzzTarget.require(link.range.upperBound <= length && (0...count).contains(link.target), "links point into the book")
            }
            if case let .image(image) = block.kind {
                _ = try? opened.publication.resources.data(of: image.resource, limit: 1 << 20)
            }
        }
        for offset in document.anchors.values { FuzzTarget.require((0...count).contains(offset), "anchors point into the book") }
        for chapter in book.chapters { FuzzTarget.require((0...count).contains(chapter.offset), "chapters point into the book") }
    }
}

/// A small document for the style sheet target: html > body > (h1, p.a#b, div > p[lang] + aside).
struct FuzzElements: StyledElement {
    struct Node {
        var name: String
        var attributes: [String: String]
        var parent: Int
    }

    static let nodes: [Node] = [
        Node(name: "html", attributes: [:], parent: -1), Node(name: "body", attributes: [:], parent: 0),
        Node(name: "h1", attributes: ["class": "title"], parent: 1), Node(name: "p", attributes: ["class": "a", "id": "b"], parent: 1),
        Node(name: "div", attributes: [:], parent: 1), Node(name: "p", attributes: ["lang": "en"], parent: 4),
        Node(name: "aside", attributes: ["epub:type": "footnote"], parent: 4),
    ]
    static let document = nodes.indices.map { FuzzElements(index: $0) }

    let index: Int
    private var node: Node { Self.nodes[index] }
    var localName: String { node.name }
    var identifier: String? { node.attributes["id"] }
    var classNames: [String] { node.attributes["class"].map { [$0] } ?? [] }
    func attribute(_ name: String, namespacePrefix: String?) -> String? {
        node.attributes[namespacePrefix.map { "\($0):\(name)" } ?? name]
    }
    var parentElement: FuzzElements? { node.parent >= 0 ? FuzzElements(index: node.parent) : nil }
    private var siblings: [Int] { Self.nodes.indices.filter { Self.nodes[$0].parent == node.parent } }
    var previousElementSibling: FuzzElements? {
        siblings.last { $0 < index }.map { FuzzElements(index: $0) }
    }
    var nextElementSibling: FuzzElements? {
        siblings.first { $0 > index }.map { FuzzElements(index: $0) }
    }
    var hasContent: Bool { Self.nodes.contains { $0.parent == index } }
}
