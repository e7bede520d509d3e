/// The title a book is shown by: a Project Gutenberg header's `Title:`
/// line near the start, else the first short line of its title page (the
/// text before the first chapter, leaving out bracketed notes such as
/// "[Illustration]"), else the file's name without its extension.
public enum BookTitle {
    /// `prefix`: the start of the decoded text, up to the first chapter when there is one.
    public static func of(text prefix: String, path: String) -> String {
        let lines = prefix.split(separator: "\n", omittingEmptySubsequences: false).prefix(120)
            .map { $0.trimmingCharacters(in: " \t\r\u{FEFF}") }
        for line in lines where line.hasPrefix("Title:") {
            let title = line.dropFirst("Title:".count).trimmingCharacters(in: " \t")
            if !title.isEmpty { return title }
        }
        for line in lines.prefix(40) where !line.isEmpty {
            if line.hasPrefix("[") || line.hasPrefix("*") || line.lowercased() == "contents" { continue }
            if line.count <= 80, !line.lowercased().hasPrefix("the project gutenberg") { return line }
            break
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}

private extension StringProtocol {
    func trimmingCharacters(in set: String) -> String {
        let drop = Set(set.unicodeScalars)
        var scalars = Substring(self).unicodeScalars[...]
        while let first = scalars.first, drop.contains(first) { scalars.removeFirst() }
        while let last = scalars.last, drop.contains(last) { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars))
    }
}
