import CXML2Loader

/// The text of a definition written in markup (StarDict's `h` HTML, `g`
/// Pango markup, `x` XDXF, `k` KingSoft XML): libxml2's forgiving HTML
/// parser reads any of them; tags are dropped, entities decoded, spaces
/// collapsed as a browser does, and block elements and `<br>` end lines.
enum MarkupText {
    /// The text; nil when libxml2, loaded with the first definition in
    /// markup, is not installed.
    static func text(ofMarkup bytes: [UInt8]) -> String? {
        guard !bytes.isEmpty else { return "" }
        guard ebookfb_xml_load() == 1 else { return nil }
        let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                            | HTML_PARSE_NONET.rawValue)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    ebookfb_htmlReadMemory($0, Int32(clamping: buffer.count), "definition", "UTF-8", options)
                }
            }
        }
        guard let document else { return String(decoding: bytes, as: UTF8.self) }
        defer { ebookfb_xmlFreeDoc(document) }
        var lines = LineCollector()
        var node = ebookfb_xmlDocGetRootElement(document)
        while let current = node {
            collect(current, into: &lines)
            node = current.pointee.next
        }
        return lines.text
    }

    /// Elements whose start and end break the line.
    private static let blocks: Set<String> = [
        "p", "div", "br", "li", "ul", "ol", "dl", "dt", "dd", "tr", "table", "blockquote", "pre",
        "h1", "h2", "h3", "h4", "h5", "h6", "hr", "section", "article", "header", "footer",
        // XDXF's definitions and articles.
        "def", "ar",
    ]
    /// Elements whose content is not text.
    private static let hidden: Set<String> = ["script", "style", "head", "title"]

    private static func collect(_ node: xmlNodePtr, into lines: inout LineCollector) {
        switch node.pointee.type {
        case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
            if let content = node.pointee.content { lines.append(String(cString: content)) }
        case XML_ELEMENT_NODE:
            let name = node.pointee.name.map { String(cString: $0).lowercased() } ?? ""
            guard !hidden.contains(name) else { return }
            let isBlock = blocks.contains(name)
            if isBlock { lines.breakLine() }
            var child = node.pointee.children
            while let current = child {
                collect(current, into: &lines)
                child = current.pointee.next
            }
            if isBlock { lines.breakLine() }
        default:
            return
        }
    }

    /// Text with white space collapsed within lines and no empty lines.
    private struct LineCollector {
        private var lines: [String] = []
        private var line = ""
        private var pendingSpace = false

        mutating func append(_ text: String) {
            for character in text {
                if character.isWhitespace {
                    pendingSpace = !line.isEmpty
                } else {
                    if pendingSpace { line.append(" ") }
                    pendingSpace = false
                    line.append(character)
                }
            }
        }

        mutating func breakLine() {
            if !line.isEmpty { lines.append(line) }
            line = ""
            pendingSpace = false
        }

        var text: String {
            var copy = self
            copy.breakLine()
            return copy.lines.joined(separator: "\n")
        }
    }
}
