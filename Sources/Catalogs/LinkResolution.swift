import CXML2Loader

/// Links made absolute against the address of the feed they are in
/// (RFC 3986 reference resolution, through libxml2).
enum LinkResolution {
    /// `href` as an absolute address; a template (`{searchTerms}`), which
    /// libxml2 refuses as a URI, is resolved around its braces.
    static func resolve(_ href: String, against base: String) -> String {
        let trimmed = href.trimmingSpaces
        if let resolved = build(trimmed, base) { return resolved }
        // Braces are not URI characters: resolve with stand-ins, then put them back.
        let openMark = "EBOOKFBOPEN", closeMark = "EBOOKFBCLOSE"
        let marked = trimmed.replacingAll("{", with: openMark).replacingAll("}", with: closeMark)
        guard let resolved = build(marked, base) else { return trimmed }
        return resolved.replacingAll(openMark, with: "{").replacingAll(closeMark, with: "}")
    }

    private static func build(_ href: String, _ base: String) -> String? {
        // The feed readers loaded libxml2 before any link is resolved.
        guard ebookfb_xml_load() == 1, let built = ebookfb_xmlBuildURI(href, base) else { return nil }
        defer { ebookfb_xmlFree(built) }
        return String(cString: built)
    }
}

extension String {
    /// Without spaces, tabs and line breaks at either end.
    var trimmingSpaces: String {
        var view = Substring(self).unicodeScalars
        while let first = view.first, first.properties.isWhitespace { view.removeFirst() }
        while let last = view.last, last.properties.isWhitespace { view.removeLast() }
        return String(view)
    }

    /// Spaces and line breaks inside collapsed to one space, none at the ends (XML text as shown).
    var collapsingSpaces: String {
        split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
