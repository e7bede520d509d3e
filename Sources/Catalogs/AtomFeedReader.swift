import CXML2Loader

/// OPDS 1.2 feeds: Atom, read with libxml2 (no network, no DTD, no
/// external entities). Atom elements are matched by name in the Atom
/// namespace (or none, as some servers write them); others are skipped.
enum AtomFeedReader {
    static let atomNamespace = "http://www.w3.org/2005/Atom"

    static func read(_ bytes: [UInt8], address: String) throws(CatalogError) -> CatalogFeed {
        guard ebookfb_xml_load() == 1 else { throw CatalogError.xmlLibraryMissing(place: address) }
        guard let context = ebookfb_xmlNewParserCtxt() else { throw CatalogError(place: address, problem: "libxml2 could not start") }
        defer { ebookfb_xmlFreeParserCtxt(context) }
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
                            | XML_PARSE_NOCDATA.rawValue)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    ebookfb_xmlCtxtReadMemory(context, $0, Int32(clamping: buffer.count), address, nil, options)
                }
            }
        }
        guard let document else { throw CatalogError(place: address, problem: "not an OPDS feed: " + lastError(context)) }
        defer { ebookfb_xmlFreeDoc(document) }
        guard let root = ebookfb_xmlDocGetRootElement(document), isAtom(root, "feed") else {
            let name = ebookfb_xmlDocGetRootElement(document).map { localName($0) } ?? "nothing"
            throw CatalogError(place: address, problem: "not an OPDS feed: XML whose root is <\(name)>, not an Atom <feed>")
        }
        var feed = CatalogFeed()
        for child in elements(of: root) {
            switch atomName(child) {
            case "id": feed.id = text(of: child)
            case "title": feed.title = text(of: child)
            case "updated": feed.updated = text(of: child)
            case "link": if let link = link(child, base: address) { feed.links.append(link) }
            case "entry": if let entry = entry(child, base: address) { feed.entries.append(entry) }
            default: continue
            }
        }
        return feed
    }

    /// An entry; one without an id or a title is named by what it has.
    private static func entry(_ element: xmlNodePtr, base: String) -> CatalogEntry? {
        var id: String?, title: String?, updated: String?, published: String?
        var authors: [String] = []
        var links: [CatalogLink] = []
        for child in elements(of: element) {
            switch atomName(child) {
            case "id": id = text(of: child)
            case "title": title = text(of: child)
            case "updated": updated = text(of: child)
            case "published": published = text(of: child)
            case "author":
                if let name = elements(of: child).first(where: { atomName($0) == "name" }).map(text(of:)), !name.isEmpty {
                    authors.append(name)
                }
            case "link": if let link = link(child, base: base) { links.append(link) }
            default: continue
            }
        }
        guard let name = id.nonEmpty ?? links.first?.href ?? title.nonEmpty else { return nil }
        return CatalogEntry(id: name, title: title.nonEmpty ?? name, authors: authors, updated: updated ?? published, links: links)
    }

    private static func link(_ element: xmlNodePtr, base: String) -> CatalogLink? {
        let attributes = self.attributes(of: element)
        guard let href = attributes["href"], !href.isEmpty else { return nil }
        let type = attributes["type"] ?? ""
        let rel = attributes["rel"].nonEmpty ?? CatalogLink.implicitRel(type: type)
        return CatalogLink(rel: rel, type: type, href: LinkResolution.resolve(href, against: base),
                           title: attributes["title"], length: attributes["length"].flatMap { Int($0) })
    }

    // MARK: libxml2's tree

    private static func elements(of node: xmlNodePtr) -> [xmlNodePtr] {
        var found: [xmlNodePtr] = []
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE { found.append(current) }
            child = current.pointee.next
        }
        return found
    }

    private static func localName(_ node: xmlNodePtr) -> String {
        node.pointee.name.map { String(cString: $0) } ?? ""
    }

    /// The local name of an element in the Atom namespace or none, else nil.
    private static func atomName(_ node: xmlNodePtr) -> String? {
        if let namespace = node.pointee.ns, let href = namespace.pointee.href, String(cString: href) != atomNamespace {
            return nil
        }
        return localName(node)
    }

    private static func isAtom(_ node: xmlNodePtr, _ name: String) -> Bool { atomName(node) == name }

    /// The element's text, all of it, spaces collapsed.
    private static func text(of node: xmlNodePtr) -> String {
        var pieces = ""
        collectText(node, into: &pieces)
        return pieces.collapsingSpaces
    }

    private static func collectText(_ node: xmlNodePtr, into text: inout String) {
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content { text += String(cString: content) }
            // Entity references are not followed: nested ones would multiply the text.
            case XML_ELEMENT_NODE:
                collectText(current, into: &text)
            default: break
            }
            child = current.pointee.next
        }
    }

    private static func attributes(of node: xmlNodePtr) -> [String: String] {
        var found: [String: String] = [:]
        var attribute = node.pointee.properties
        while let current = attribute {
            // Attributes in another namespace (opds:, xml:) are not the link's own.
            if current.pointee.ns == nil, let name = current.pointee.name {
                var value = ""
                var child = current.pointee.children
                while let piece = child {
                    if let content = piece.pointee.content { value += String(cString: content) }
                    child = piece.pointee.next
                }
                found[String(cString: name)] = value.trimmingSpaces
            }
            attribute = current.pointee.next
        }
        return found
    }

    private static func lastError(_ context: xmlParserCtxtPtr) -> String {
        guard let error = ebookfb_xmlCtxtGetLastError(UnsafeMutableRawPointer(context)), let message = error.pointee.message else {
            return "not well-formed XML"
        }
        let text = String(cString: message).collapsingSpaces
        return "not well-formed XML (line \(error.pointee.line): \(text))"
    }
}

extension Optional where Wrapped == String {
    /// The string unless it is missing or empty.
    var nonEmpty: String? {
        guard let self, !self.isEmpty else { return nil }
        return self
    }
}
