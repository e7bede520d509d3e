import CXML2Loader
import Network

/// A catalog's search: the address of the results for a query, from a
/// feed's search link, which is an OpenSearch description (its `Url`
/// template, Atom or OPDS results preferred) or a URL template itself
/// (`{searchTerms}` in OPDS 1.2, `{?query}` in OPDS 2.0).
public enum CatalogSearch {
    /// The results' address for `query` by `template`: the query
    /// percent-encoded into `{searchTerms}` or `{?query}`, other optional
    /// parameters (`{startPage?}`) left out.
    public static func address(template: String, query: String) -> String {
        let encoded = percentEncoded(query)
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            let name = rest[rest.index(after: open)..<close]
            if name == "searchTerms" || name == "searchTerms?" {
                result += encoded
            } else if name.hasPrefix("?") {
                // RFC 6570 form-style query: the query goes in, the others are left out.
                let names = name.dropFirst().split(separator: ",")
                if names.contains("query") { result += "?query=" + encoded }
            }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// The search template of `link`: its href, or read from the OpenSearch description it leads to.
    public static func template(of link: CatalogLink, client: HTTPClient) throws(CatalogError) -> String {
        guard link.type.hasPrefix(CatalogLink.openSearchType) else { return link.href }
        let response: HTTPResponse
        do {
            response = try client.get(link.href, limits: TransferLimits(maximumBytes: 1 << 20, totalSeconds: 60),
                                      accept: CatalogLink.openSearchType)
        } catch {
            throw CatalogError(error)
        }
        return try template(fromDescription: response.body, address: response.finalAddress)
    }

    /// The `Url` template of an OpenSearch description, made absolute.
    static func template(fromDescription bytes: [UInt8], address: String) throws(CatalogError) -> String {
        guard ebookfb_xml_load() == 1 else { throw CatalogError.xmlLibraryMissing(place: address) }
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    ebookfb_xmlReadMemory($0, Int32(clamping: buffer.count), address, nil, options)
                }
            }
        }
        guard let document else { throw CatalogError(place: address, problem: "not an OpenSearch description: not well-formed XML") }
        defer { ebookfb_xmlFreeDoc(document) }
        var templates: [(type: String, template: String)] = []
        var child = ebookfb_xmlDocGetRootElement(document)?.pointee.children
        while let node = child {
            if node.pointee.type == XML_ELEMENT_NODE, node.pointee.name.map({ String(cString: $0) }) == "Url",
               let template = attribute("template", of: node) {
                templates.append((attribute("type", of: node) ?? "", template))
            }
            child = node.pointee.next
        }
        let preferred = templates.first { $0.type.contains("atom+xml") || $0.type.contains("opds") } ?? templates.first
        guard let chosen = preferred else {
            throw CatalogError(place: address, problem: "an OpenSearch description without a Url template")
        }
        return LinkResolution.resolve(chosen.template, against: address)
    }

    private static func attribute(_ name: String, of node: xmlNodePtr) -> String? {
        guard let value = ebookfb_xmlGetProp(node, name) else { return nil }
        defer { ebookfb_xmlFree(value) }
        return String(cString: value)
    }

    /// Everything but unreserved characters as UTF-8 percent escapes.
    static func percentEncoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
