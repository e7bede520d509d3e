import BookModel

/// A PDF's title and authors: from its information dictionary, else from
/// its XMP packet's Dublin Core title and creators.
enum PDFMetadata {
    static func read(_ document: PDFDocument) -> BookMetadata {
        var title = document.info("Title")
        var authors = document.info("Author").map(Self.names) ?? []
        if title == nil || authors.isEmpty, let packet = document.xmp() {
            let xmp = XMPFields(String(decoding: packet, as: UTF8.self))
            title = title ?? xmp.items(of: "dc:title").first
            if authors.isEmpty { authors = xmp.items(of: "dc:creator") }
        }
        return BookMetadata(title: title, authors: authors)
    }

    /// An Author entry naming several people ("A; B").
    static func names(_ field: String) -> [String] {
        field.split(separator: ";").map { String($0).trimmed }.filter { !$0.isEmpty }
    }
}

/// The items of an XMP packet's properties: the `rdf:li` of a property's
/// `rdf:Alt`, `rdf:Seq` or `rdf:Bag`, or its own text.
struct XMPFields {
    let packet: String

    init(_ packet: String) { self.packet = packet }

    func items(of property: String) -> [String] {
        guard let open = packet.firstRange(of: "<\(property)"),
              let tagEnd = packet[open.upperBound...].firstIndex(of: ">"),
              let close = packet[tagEnd...].firstRange(of: "</\(property)>") else { return [] }
        let body = packet[packet.index(after: tagEnd)..<close.lowerBound]
        var items: [String] = []
        var rest = body[...]
        while let item = rest.firstRange(of: "<rdf:li"), let start = rest[item.upperBound...].firstIndex(of: ">"),
              let end = rest[start...].firstRange(of: "</rdf:li>") {
            items.append(Self.text(rest[rest.index(after: start)..<end.lowerBound]))
            rest = rest[end.upperBound...]
        }
        if items.isEmpty, !body.contains("<") { items.append(Self.text(body)) }
        return items.filter { !$0.isEmpty }
    }

    /// Character data with XML's predefined entities replaced, as one line.
    static func text(_ raw: Substring) -> String {
        var text = String(raw)
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&amp;", "&")] {
            text = text.replacing(entity, with: character)
        }
        return PDFDocument.line(text).trimmed
    }
}
