/// What a comic's `ComicInfo.xml` says of it: a flat list of elements,
/// read with a small scanner (the file is a few simple elements).
public struct ComicInfo: Equatable, Sendable {
    public var title: String?
    public var series: String?
    public var number: String?
    /// The writers, then the pencillers not already named.
    public var authors: [String] = []
    public var language: String?
    /// `Manga` is `YesAndRightToLeft`: the pages go right to left.
    public var isRightToLeft = false
    /// The page the `Pages` list marks `FrontCover`, counted from 0.
    public var coverPage: Int?

    /// A ComicInfo.xml larger than this is not read.
    public static let maximumBytes = 1 << 20

    public init(xml bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        title = Self.element("Title", in: text)
        series = Self.element("Series", in: text)
        number = Self.element("Number", in: text)
        language = Self.element("LanguageISO", in: text)
        isRightToLeft = Self.element("Manga", in: text)?.lowercased() == "yesandrighttoleft"
        for role in ["Writer", "Penciller"] {
            for name in (Self.element(role, in: text) ?? "").split(separator: ",") {
                let trimmed = name.trimmingSpaces
                if !trimmed.isEmpty, !authors.contains(trimmed) { authors.append(trimmed) }
            }
        }
        coverPage = Self.coverPage(in: text)
    }

    /// The title to show: the book's own, else its series and number.
    public var shownTitle: String? {
        if let title { return title }
        guard let series else { return nil }
        return number.map { "\(series) \($0)" } ?? series
    }

    /// The text of the first `<name>` element, entities decoded, trimmed; nil when absent or empty.
    static func element(_ name: String, in text: String) -> String? {
        var rest = text[...]
        // `<Name>` or `<Name attributes>`, not `<NameLonger>`.
        while let open = rest.firstRange(of: "<" + name) {
            let after = rest[open.upperBound...]
            guard let next = after.first else { return nil }
            guard next == ">" || next == " " || next == "\t" || next == "\n" || next == "\r",
                  let end = after.firstIndex(of: ">") else {
                rest = after
                continue
            }
            if after[..<end].hasSuffix("/") { return nil }
            let content = after[after.index(after: end)...]
            guard let close = content.firstRange(of: "</" + name + ">") else { return nil }
            let value = decodeEntities(String(content[..<close.lowerBound])).trimmingSpaces
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// `<Page Image="N" Type="FrontCover"/>`: N.
    private static func coverPage(in text: String) -> Int? {
        var rest = text[...]
        while let start = rest.firstRange(of: "<Page ") {
            guard let end = rest[start.upperBound...].firstIndex(of: ">") else { return nil }
            let tag = String(rest[start.upperBound..<end])
            if attribute("Type", in: tag) == "FrontCover", let image = attribute("Image", in: tag).flatMap({ Int($0) }) {
                return image
            }
            rest = rest[rest.index(after: end)...]
        }
        return nil
    }

    private static func attribute(_ name: String, in tag: String) -> String? {
        for quote in ["\"", "'"] {
            guard let start = tag.firstRange(of: " \(name)=\(quote)") ?? (tag.hasPrefix("\(name)=\(quote)")
                      ? tag.startIndex..<tag.index(tag.startIndex, offsetBy: name.count + 2) : nil),
                  let end = tag[start.upperBound...].firstIndex(of: Character(quote)) else { continue }
            return String(tag[start.upperBound..<end])
        }
        return nil
    }

    /// The five named entities and numeric references.
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = text[...]
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            guard let semicolon = rest[amp...].firstIndex(of: ";"), rest.distance(from: amp, to: semicolon) <= 10 else {
                result += "&"
                rest = rest[rest.index(after: amp)...]
                continue
            }
            let name = rest[rest.index(after: amp)..<semicolon]
            let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"][String(name)]
            var numeric: String?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                numeric = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
            } else if name.hasPrefix("#") {
                numeric = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
            }
            if let replacement = named ?? numeric {
                result += replacement
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result += "&"
                rest = rest[rest.index(after: amp)...]
            }
        }
        return result + rest
    }
}

extension StringProtocol {
    /// Without spaces, tabs and line breaks at either end.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
