import BookModel
import StyleSheets
import Typesetting

/// The style sheets of a book, each read and parsed once however many
/// documents link it, with the sheets it imports; and the fonts their
/// `@font-face` rules embed.
struct BookStyleSheets {
    /// Style sheets larger than this are not a book's styling.
    static let maximumSheetSize = 2 << 20
    static let maximumImportDepth = 4

    private let read: (String) -> [UInt8]?
    private var parsed: [String: [StyleSheet]] = [:]
    /// Embedded fonts by (family, italic, bold), in the order first declared.
    private(set) var fonts: [EmbeddedFont] = []
    private var fontKeys: Set<String> = []

    /// `read` gives the bytes of a file of the container, nil when it cannot.
    init(read: @escaping (String) -> [UInt8]?) { self.read = read }

    /// The sheet at container path `path` with the sheets it imports, in
    /// cascade order (imports first).
    mutating func sheets(at path: String) -> [StyleSheet] {
        if let known = parsed[path] { return known }
        parsed[path] = []
        guard let bytes = read(path) else { return [] }
        let result = load(text: String(decoding: bytes, as: UTF8.self), path: path, depth: 0)
        parsed[path] = result
        return result
    }

    /// A `<style>` element's sheet, in the document at `path`.
    mutating func sheet(text: String, documentPath: String) -> [StyleSheet] {
        load(text: text, path: documentPath, depth: 0)
    }

    private mutating func load(text: String, path: String, depth: Int) -> [StyleSheet] {
        let sheet = StyleSheet(parsing: text)
        var result: [StyleSheet] = []
        if depth < Self.maximumImportDepth {
            for url in sheet.imports {
                guard case let .inside(importPath, _) = ContainerReference.resolve(url, from: path), importPath != path,
                      let bytes = read(importPath) else { continue }
                result += load(text: String(decoding: bytes, as: UTF8.self), path: importPath, depth: depth + 1)
            }
        }
        for face in sheet.fontFaces { addFont(face, sheetPath: path) }
        result.append(sheet)
        return result
    }

    private mutating func addFont(_ face: FontFaceRule, sheetPath: String) {
        guard let family = face.family else { return }
        // The first source in the book whose format FreeType reads.
        let readable: Set<String> = ["opentype", "truetype", "woff", "woff2", "collection", "opentype-variations",
                                     "truetype-variations", "woff-variations", "woff2-variations"]
        let sources = face.sources.filter { $0.format.map { readable.contains($0) } ?? true }
        guard let source = sources.lazy.compactMap({ source -> String? in
            guard case let .inside(path, _) = ContainerReference.resolve(source.url, from: sheetPath) else { return nil }
            return path
        }).first else { return }
        let key = "\(family.lowercased())|\(face.isItalic)|\(face.isBold)"
        guard !fontKeys.contains(key) else { return }
        fontKeys.insert(key)
        fonts.append(EmbeddedFont(family: family, slant: face.isItalic ? .italic : .upright,
                                  weight: face.isBold ? .bold : .regular, resource: source))
    }
}
