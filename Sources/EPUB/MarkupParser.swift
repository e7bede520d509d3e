import CXML2Loader

/// Parses documents with libxml2 into a `MarkupTree`, safely: no network,
/// no DTD loaded, no external entity ever read; internal entities are
/// expanded only when their text holds no markup or further references,
/// within a budget; the tree kept is at most `maximumDepth` elements deep
/// and `maximumNodes` nodes large.
enum MarkupParser {
    struct Parsed {
        var tree: MarkupTree
        /// Why the document is not well-formed XML (line and libxml2's
        /// message), nil when it is.
        var problem: String?
        /// References to internal entities left out because their text
        /// would pass `entityBudget`.
        var entityReferencesLeftOut = 0

        fileprivate init(converted: Converted, problem: String?) {
            tree = converted.tree
            self.problem = problem
            entityReferencesLeftOut = converted.entityReferencesLeftOut
        }
    }

    static let maximumDepth = 128
    static let maximumNodes = 400_000
    /// Bytes of text internal entities may add to one document, in total.
    static let entityBudget = 65_536

    /// Parses XML; when the document is not well-formed, `recover` reads
    /// it again with libxml2's recovery and keeps what that finds.
    static func parseXML(_ bytes: [UInt8], name: String, recover: Bool = true) -> Parsed? {
        guard let first = read(bytes, name: name, recover: false) else { return nil }
        if first.problem == nil || !recover { return first.document.map { Parsed(converted: $0, problem: first.problem) } }
        let again = read(bytes, name: name, recover: true)
        guard let converted = again?.document ?? first.document else { return nil }
        return Parsed(converted: converted, problem: first.problem)
    }

    /// Parses a content document: as XML, else (not well-formed) with
    /// libxml2's HTML parser, which closes what was left open the way a
    /// browser would.
    static func parseContent(_ bytes: [UInt8], name: String) -> Parsed? {
        guard let first = read(bytes, name: name, recover: false) else { return nil }
        if first.problem == nil, let converted = first.document { return Parsed(converted: converted, problem: nil) }
        let problem = first.problem ?? "not well-formed"
        if let converted = readHTML(withoutInternalSubset(bytes), name: name) { return Parsed(converted: converted, problem: problem) }
        return first.document.map { Parsed(converted: $0, problem: problem) }
    }

    private static func read(_ bytes: [UInt8], name: String, recover: Bool) -> (document: Converted?, problem: String?)? {
        // The book's opening loaded libxml2 and said so when it could not.
        guard ebookfb_xml_load() == 1, let context = ebookfb_xmlNewParserCtxt() else { return nil }
        defer { ebookfb_xmlFreeParserCtxt(context) }
        var options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
                            | XML_PARSE_NOCDATA.rawValue)
        if recover { options |= Int32(XML_PARSE_RECOVER.rawValue) }
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    ebookfb_xmlCtxtReadMemory(context, $0, Int32(clamping: buffer.count), name, nil, options)
                }
            }
        }
        defer { if let document { ebookfb_xmlFreeDoc(document) } }
        let wellFormed = context.pointee.wellFormed != 0 && context.pointee.nsWellFormed != 0 && document != nil
        let problem = wellFormed ? nil : describeLastError(context)
        return (document.flatMap { convert($0) }, problem)
    }

    private static func readHTML(_ bytes: [UInt8], name: String) -> Converted? {
        guard ebookfb_xml_load() == 1 else { return nil }
        let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                            | HTML_PARSE_NONET.rawValue | XML_PARSE_HUGE.rawValue)
        let encoding = declaredEncoding(bytes)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    ebookfb_htmlReadMemory($0, Int32(clamping: buffer.count), name, encoding, options)
                }
            }
        }
        guard let document else { return nil }
        defer { ebookfb_xmlFreeDoc(document) }
        return convert(document)
    }

    /// The bytes without a DOCTYPE's internal subset (`<!DOCTYPE html [ ... ]>`),
    /// which the HTML parser would show as text.
    static func withoutInternalSubset(_ bytes: [UInt8]) -> [UInt8] {
        let head = bytes.prefix(4096)
        let marker = Array("<!DOCTYPE".utf8)
        guard let start = head.indices.first(where: { index in
            index + marker.count <= head.endIndex
                && zip(head[index..<index + marker.count], marker).allSatisfy { $0 | 0x20 == $1 | 0x20 }
        }) else { return bytes }
        var index = start + marker.count
        while index < bytes.count, bytes[index] != UInt8(ascii: "["), bytes[index] != UInt8(ascii: ">") { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return bytes }
        // The subset ends at "]" then ">", outside quoted literals.
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "]") {
                var next = index + 1
                while next < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[next]) { next += 1 }
                if next < bytes.count, bytes[next] == UInt8(ascii: ">") {
                    return Array(bytes[..<start]) + Array(bytes[(next + 1)...])
                }
            }
            index += 1
        }
        return Array(bytes[..<start])
    }

    /// The charset for the HTML parser: the XML declaration's, else UTF-8
    /// (EPUB's default) unless a byte order mark says UTF-16.
    private static func declaredEncoding(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return nil }
        let head = String(decoding: bytes.prefix(200), as: UTF8.self)
        guard head.hasPrefix("<?xml") || head.dropFirst().hasPrefix("<?xml"), let range = head.firstRange(of: "encoding=") else {
            return "UTF-8"
        }
        let rest = head[range.upperBound...].dropFirst()
        guard let end = rest.firstIndex(where: { $0 == "\"" || $0 == "'" }) else { return "UTF-8" }
        let name = String(rest[..<end])
        return name.isEmpty || name.count > 40 ? "UTF-8" : name
    }

    private static func describeLastError(_ context: xmlParserCtxtPtr) -> String {
        guard let error = ebookfb_xmlCtxtGetLastError(UnsafeMutableRawPointer(context)), let message = error.pointee.message else {
            return "not well-formed XML"
        }
        var text = String(cString: message).trimmingWhitespace
        // libxml2 names its own option as the way out; a reader of the book has none.
        if let hint = text.firstRange(of: " use XML_PARSE_HUGE option") { text = String(text[..<hint.lowerBound]) }
        return error.pointee.line > 0 ? "line \(error.pointee.line): \(text)" : text
    }

    // MARK: libxml2's tree into ours

    private static func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }

    /// A document converted, with the entity references its budget left out.
    fileprivate struct Converted {
        var tree: MarkupTree
        var entityReferencesLeftOut: Int
    }

    /// Walks libxml2's tree without recursion (an HTML tree can be as deep
    /// as the input is long) and copies what the reader uses.
    private static func convert(_ document: xmlDocPtr) -> Converted? {
        guard let rootElement = ebookfb_xmlDocGetRootElement(document) else { return nil }
        var builder = TreeBuilder(entityBudget: entityBudget)
        var node: xmlNodePtr? = rootElement
        // Our index of the parent for each level of libxml2's tree.
        var parents: [Int] = [-1]
        while let current = node {
            var descend = false
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                let level = parents.count - 1
                if level < maximumDepth, builder.nodes.count < maximumNodes {
                    let index = builder.addElement(name: string(current.pointee.name).lowercased(),
                                                   namespace: current.pointee.ns.map { string($0.pointee.href) },
                                                   attributes: attributes(of: current, builder: &builder),
                                                   parent: parents[level])
                    parents.append(index)
                } else {
                    parents.append(parents[level])
                }
                descend = current.pointee.children != nil
                if !descend { parents.removeLast() }
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if builder.nodes.count < maximumNodes {
                    builder.addText(string(current.pointee.content), parent: parents[parents.count - 1])
                }
            case XML_ENTITY_REF_NODE:
                if let text = builder.entityText(for: current) {
                    builder.addText(text, parent: parents[parents.count - 1])
                }
            default:
                break
            }
            if descend {
                node = current.pointee.children
                continue
            }
            // Next sibling, else climb to an ancestor's next sibling.
            var step = current
            node = nil
            while step != rootElement {
                if let next = step.pointee.next { node = next; break }
                guard let up = step.pointee.parent else { break }
                // Leaving `up`'s children: its level ends.
                parents.removeLast()
                step = up
            }
        }
        guard !builder.nodes.isEmpty else { return nil }
        return Converted(tree: MarkupTree(nodes: builder.nodes), entityReferencesLeftOut: builder.entityReferencesLeftOut)
    }

    private static func attributes(of element: xmlNodePtr, builder: inout TreeBuilder) -> [MarkupTree.Attribute] {
        var result: [MarkupTree.Attribute] = []
        var attribute = element.pointee.properties
        while let current = attribute {
            var name = string(current.pointee.name).lowercased()
            var namespace = current.pointee.ns.map { string($0.pointee.href) }
            // The HTML parser keeps `epub:type` and `xml:lang` as plain names.
            if namespace == nil, let colon = name.firstIndex(of: ":"),
               let known = Namespace.forPrefix(String(name[..<colon])) {
                namespace = known
                name = String(name[name.index(after: colon)...])
            }
            var value = ""
            var child = current.pointee.children
            while let part = child {
                if part.pointee.type == XML_TEXT_NODE {
                    value += string(part.pointee.content)
                } else if part.pointee.type == XML_ENTITY_REF_NODE, let text = builder.entityText(for: part) {
                    value += text
                }
                child = part.pointee.next
            }
            result.append(MarkupTree.Attribute(name: name, namespace: namespace, value: value))
            attribute = current.pointee.next
        }
        return result
    }
}

/// Builds the node array of a `MarkupTree` in document order.
private struct TreeBuilder {
    var nodes: [MarkupTree.Node] = []
    private var lastElementChild: [Int: Int] = [:]
    private var entityBudget: Int
    private(set) var entityReferencesLeftOut = 0

    init(entityBudget: Int) { self.entityBudget = entityBudget }

    mutating func addElement(name: String, namespace: String?, attributes: [MarkupTree.Attribute], parent: Int) -> Int {
        let index = nodes.count
        let previous = lastElementChild[parent] ?? -1
        nodes.append(MarkupTree.Node(name: name, namespace: namespace, attributes: attributes, text: "", parent: parent,
                                     children: [], previousElement: previous, nextElement: -1))
        if previous >= 0 { nodes[previous].nextElement = index }
        lastElementChild[parent] = index
        if parent >= 0 { nodes[parent].children.append(index) }
        return index
    }

    mutating func addText(_ text: String, parent: Int) {
        guard parent >= 0, !text.isEmpty else { return }
        if let last = nodes[parent].children.last, nodes[last].isText {
            nodes[last].text += text
            return
        }
        let index = nodes.count
        nodes.append(MarkupTree.Node(name: "", namespace: nil, attributes: [], text: text, parent: parent, children: [],
                                     previousElement: -1, nextElement: -1))
        nodes[parent].children.append(index)
    }

    /// The text an entity reference stands for: an internal entity's
    /// replacement text when it is plain text (within the budget, checked
    /// against the entity's length before anything is copied), an HTML
    /// named character (`&nbsp;`) when the document declares no such
    /// entity; nothing for external entities, which are never read.
    mutating func entityText(for reference: xmlNodePtr) -> String? {
        if let entity = reference.pointee.children.map({ UnsafeMutableRawPointer($0).assumingMemoryBound(to: xmlEntity.self) }),
           entity.pointee.type == XML_ENTITY_DECL {
            guard entity.pointee.etype == XML_INTERNAL_GENERAL_ENTITY, let content = entity.pointee.content else { return nil }
            let length = Int(max(0, entity.pointee.length))
            guard length <= entityBudget else {
                entityReferencesLeftOut += 1
                return nil
            }
            let text = UnsafeBufferPointer(start: content, count: length)
            guard !text.contains(UInt8(ascii: "&")), !text.contains(UInt8(ascii: "<")) else { return nil }
            entityBudget -= length
            return String(decoding: text, as: UTF8.self)
        }
        let name = reference.pointee.name.map { String(cString: $0) } ?? ""
        guard let known = ebookfb_htmlEntityLookup(name) else { return nil }
        return Unicode.Scalar(known.pointee.value).map { String(Character($0)) }
    }
}
