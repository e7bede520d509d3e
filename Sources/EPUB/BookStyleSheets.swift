import BookModel
import StyleSheets
import Typesetting

/// The style sheets of a book, each read and parsed once however many
/// documents link it or sheets import it, within the book's budget; and
/// the fonts their `@font-face` rules embed.
struct BookStyleSheets {
    /// Style sheets larger than this are not a book's styling.
    static let maximumSheetSize = 2 << 20
    static let maximumImportDepth = 4

    /// A sheet as the cascade takes it, named so that one sheet brought in
    /// twice is applied once.
    struct Named {
        /// A file's container path, or a `<style>` element's own name.
        var name: String
        var sheet: StyleSheet
    }

    private struct Parsed {
        var sheet: StyleSheet
        /// The container paths of the sheets it imports, in order.
        var imports: [String]
    }

    private let read: (String) -> [UInt8]?
    /// Sheets by container path; nil for one that cannot be read or was left out.
    private var parsed: [String: Parsed?] = [:]
    /// Embedded fonts by (family, italic, bold), in the order first declared.
    private(set) var fonts: [EmbeddedFont] = []
    private var fontKeys: Set<String> = []
    /// What the budget left out, for the book's notices.
    private(set) var leftOut: [String] = []

    /// `read` gives the bytes of a file of the container, nil when it cannot.
    init(read: @escaping (String) -> [UInt8]?) { self.read = read }

    /// The sheet at container path `path` with the sheets it imports, in
    /// cascade order (imports first).
    mutating func sheets(at path: String, budget: inout ReadingBudget) -> [Named] {
        var collected: [Named] = []
        var seen: Set<String> = []
        collect(path, depth: 0, budget: &budget, into: &collected, seen: &seen)
        return collected.reversed()
    }

    /// A `<style>` element's sheet, in the document at `path`, named `name`
    /// (unique in the document), with the sheets it imports.
    mutating func sheet(text: String, name: String, documentPath: String, budget: inout ReadingBudget) -> [Named] {
        guard let sheet = parse(text: text, path: "\(documentPath) (a style element)", budget: &budget) else { return [] }
        var collected = [Named(name: name, sheet: sheet)]
        var seen: Set<String> = [name]
        for importPath in resolvedImports(of: sheet, from: documentPath).reversed() {
            collect(importPath, depth: 1, budget: &budget, into: &collected, seen: &seen)
        }
        return collected.reversed()
    }

    /// The sheets in cascade order, each applied once: at the last place it
    /// is brought in, where it would win anyway (the same rules again change
    /// nothing before it).
    static func applied(_ sheets: [Named]) -> [StyleSheet] {
        var seen: Set<String> = []
        var result: [StyleSheet] = []
        for named in sheets.reversed() where seen.insert(named.name).inserted { result.append(named.sheet) }
        return result.reversed()
    }

    /// Adds the sheet at `path` and then its imports, last first, to
    /// `collected` in reverse cascade order, skipping those already there:
    /// a sheet imported many times, or imports that loop, cost one visit.
    private mutating func collect(_ path: String, depth: Int, budget: inout ReadingBudget, into collected: inout [Named],
                                  seen: inout Set<String>) {
        guard seen.insert(path).inserted, let found = load(path, budget: &budget) else { return }
        collected.append(Named(name: path, sheet: found.sheet))
        guard depth < Self.maximumImportDepth else { return }
        for importPath in found.imports.reversed() {
            collect(importPath, depth: depth + 1, budget: &budget, into: &collected, seen: &seen)
        }
    }

    private mutating func load(_ path: String, budget: inout ReadingBudget) -> Parsed? {
        if let known = parsed[path] { return known }
        parsed[path] = .some(nil)
        guard let bytes = read(path) else { return nil }
        if let exhausted = budget.inflate(bytes.count) {
            leftOut.append("the style sheet \(path) is not applied: \(exhausted)")
            return nil
        }
        guard let sheet = parse(text: String(decoding: bytes, as: UTF8.self), path: path, budget: &budget) else { return nil }
        let result = Parsed(sheet: sheet, imports: resolvedImports(of: sheet, from: path))
        parsed[path] = result
        return result
    }

    private mutating func parse(text: String, path: String, budget: inout ReadingBudget) -> StyleSheet? {
        if let exhausted = budget.timeExhausted ?? budget.parseStyleSheet(text.utf8.count) {
            leftOut.append("the style sheet \(path) is not applied: \(exhausted)")
            return nil
        }
        let sheet = StyleSheet(parsing: text, maximumRules: budget.styleRulesLeft)
        budget.keepStyleRules(sheet.rules.count)
        if sheet.isCut {
            let applied = sheet.rules.isEmpty ? "is not applied" : "is applied only in part"
            leftOut.append("the style sheet \(path) \(applied): \(budget.styleRulesExhausted)")
        }
        for face in sheet.fontFaces { addFont(face, sheetPath: path) }
        return sheet
    }

    private func resolvedImports(of sheet: StyleSheet, from path: String) -> [String] {
        sheet.imports.compactMap { url in
            guard case let .inside(importPath, _) = ContainerReference.resolve(url, from: path), importPath != path else {
                return nil
            }
            return importPath
        }
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
