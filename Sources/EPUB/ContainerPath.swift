/// Where a reference inside a book points, resolved as a URL against the
/// container's root (EPUB 3.3 §4.2): a path inside the container, or
/// something outside it that the reader never reads.
public enum ContainerReference: Sendable, Equatable {
    /// A file of the container (normalised: no `.` or `..`, no leading
    /// `/`, percent-escapes decoded) and the fragment, if any.
    case inside(path: String, fragment: String?)
    /// A reference with a scheme (`http:`, `mailto:`, `file:`, `data:`...)
    /// or a network path (`//host`): not part of the book.
    case outside(String)

    /// Resolves `reference` found in the file at `base` (a container path).
    /// Extra `..` segments stop at the container's root, as URL parsing
    /// does at a URL's root; an absolute path starts at that root.
    public static func resolve(_ reference: String, from base: String) -> ContainerReference {
        let trimmed = reference.trimmingWhitespace
        if hasScheme(trimmed) || trimmed.hasPrefix("//") || trimmed.hasPrefix("\\\\") { return .outside(trimmed) }
        var rest = Substring(trimmed)
        var fragment: String?
        if let hash = rest.firstIndex(of: "#") {
            fragment = percentDecoded(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let query = rest.firstIndex(of: "?") { rest = rest[..<query] }
        // Backslashes are path separators to URL parsing of special schemes.
        let path = rest.replacingBackslashes
        var segments: [Substring]
        if path.hasPrefix("/") {
            segments = []
        } else {
            segments = base.split(separator: "/", omittingEmptySubsequences: false)
            segments.removeLast()
        }
        if path.isEmpty {
            // A same-document reference: the base itself.
            return .inside(path: base, fragment: fragment)
        }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        for (index, part) in parts.enumerated() {
            let isLast = index == parts.count - 1
            switch part {
            case ".", "%2e", "%2E":
                if isLast { segments.append("") }
            case "..", ".%2e", ".%2E", "%2e.", "%2E.", "%2e%2e", "%2E%2E", "%2e%2E", "%2E%2e":
                if !segments.isEmpty { segments.removeLast() }
                if isLast { segments.append("") }
            case "" where index == 0:
                continue
            default:
                segments.append(part)
            }
        }
        let joined = segments.filter { !$0.isEmpty }.map { percentDecoded($0) }.joined(separator: "/")
        return .inside(path: joined, fragment: fragment)
    }

    /// The path, when the reference is inside the container.
    public var path: String? {
        if case let .inside(path, _) = self { return path }
        return nil
    }

    /// `scheme:` as URL parsing reads it: a letter, then letters, digits, `+`, `-` or `.`.
    private static func hasScheme(_ text: String) -> Bool {
        var first = true
        for scalar in text.unicodeScalars {
            if scalar == ":" { return !first }
            let isLetter = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
            let isOther = ("0"..."9").contains(scalar) || scalar == "+" || scalar == "-" || scalar == "."
            if first ? !isLetter : !(isLetter || isOther) { return false }
            first = false
        }
        return false
    }

    static func percentDecoded(_ text: Substring) -> String {
        guard text.contains("%") else { return String(text) }
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.first {
            utf8.removeFirst()
            if byte == UInt8(ascii: "%"), utf8.count >= 2, let high = hexValue(utf8[utf8.startIndex]),
               let low = hexValue(utf8[utf8.startIndex + 1]) {
                bytes.append(high << 4 | low)
                utf8.removeFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

extension StringProtocol {
    /// Without the whitespace XML and HTML allow around attribute values.
    var trimmingWhitespace: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[start...end])
    }

    fileprivate var replacingBackslashes: String {
        contains("\\") ? String(map { $0 == "\\" ? "/" : $0 }) : String(self)
    }
}
