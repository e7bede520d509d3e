/// The words of every document of an EPUB container, as written, for
/// tools that check a book says something (whatever the reader shows).
public enum EPUBText {
    /// The text of each XHTML, HTML and SVG file of the container, in
    /// archive order, white space collapsed, followed by its images'
    /// descriptions (an image page's words may be only there).
    public static func documents(inBookAt path: String) throws -> [String] {
        let archive = try ZipArchive(path: path)
        var texts: [String] = []
        for name in archive.names {
            let lower = name.lowercased()
            guard [".xhtml", ".html", ".htm", ".svg", ".xml"].contains(where: { lower.hasSuffix($0) }),
                  let bytes = try? archive.read(name, limit: EPUBBook.maximumDocumentSize),
                  let parsed = MarkupParser.parseContent(bytes, name: name), let root = parsed.tree.root else { continue }
            let descriptions = root.descendants(named: "img").compactMap { $0.attribute("alt") }
            texts.append(PackageDocument.collapsed(([root.textContent] + descriptions).joined(separator: " ")))
        }
        return texts
    }
}
