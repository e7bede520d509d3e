import BookModel
import Network

/// File names for books from a catalog: the link's own file name when it
/// has the right extension, else the title's; nothing that could climb
/// out of the folder, hide the file or steer a terminal.
public enum BookFileName {
    /// Bytes of a name before its extension, at most.
    static let longest = 120

    /// The name `link` of `entry` is kept under, ending in `fileExtension`.
    public static func name(entry: CatalogEntry, link: CatalogLink, fileExtension: String) -> String {
        let suffix = "." + fileExtension
        if let last = lastPathComponent(of: link.href), last.lowercased().hasSuffix(suffix), last.count > suffix.count {
            let stem = sanitized(String(last.dropLast(suffix.count)))
            if !stem.isEmpty { return stem + suffix }
        }
        var stem = sanitized(entry.title)
        if stem.lowercased().hasSuffix(suffix) { stem = String(stem.dropLast(suffix.count)) }
        return (stem.isEmpty ? "book" : stem) + suffix
    }

    /// `name`, or `name (2)`, `name (3)`, ... before its extension: the
    /// first that `taken` does not hold.
    public static func unique(_ name: String, taken: Set<String>) -> String {
        guard taken.contains(name) else { return name }
        let dot = name.lastIndex(of: ".") ?? name.endIndex
        let stem = name[..<dot], suffix = name[dot...]
        var number = 2
        while taken.contains("\(stem) (\(number))\(suffix)") { number += 1 }
        return "\(stem) (\(number))\(suffix)"
    }

    /// A short hexadecimal name for `text` (the temporary file of a download).
    static func hashName(_ text: String) -> String {
        let hash = Array(text.utf8).withUnsafeBytes(ByteHash.hash64)
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The path's last segment, percent-decoded; nil for none.
    private static func lastPathComponent(of href: String) -> String? {
        var path = Substring(href)
        if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
        guard let slash = path.lastIndex(of: "/") else { return nil }
        let segment = path[path.index(after: slash)...]
        return segment.isEmpty ? nil : WebAddress.percentDecoded(segment)
    }

    /// Slashes, controls and backslashes become spaces, spaces are
    /// collapsed, leading dots dropped; cut to `longest` bytes on a
    /// character boundary.
    static func sanitized(_ text: String) -> String {
        var cleaned = String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            let value = scalar.value
            let unsafe = value < 0x20 || (0x7F...0x9F).contains(value) || scalar == "/" || scalar == "\\"
                || value == 0x2028 || value == 0x2029
            return unsafe ? " " : scalar
        })).collapsingSpaces
        while cleaned.hasPrefix(".") || cleaned.hasPrefix(" ") { cleaned.removeFirst() }
        var cut = ""
        for character in cleaned {
            guard cut.utf8.count + character.utf8.count <= longest else { break }
            cut.append(character)
        }
        return cut.trimmingSpaces
    }
}

extension CatalogEntry {
    /// The link to download: a free acquisition of a kind the reader
    /// opens, EPUB before PDF before comics before text; the first of a kind.
    public var bestAcquisition: (link: CatalogLink, kind: BookFileType)? {
        var best: (link: CatalogLink, kind: BookFileType)?
        for link in links where link.isFreeAcquisition {
            guard let kind = BookFileType(mediaType: link.type) else { continue }
            if let current = best, current.kind <= kind { continue }
            best = (link, kind)
        }
        return best
    }
}
