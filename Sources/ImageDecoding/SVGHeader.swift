/// What an SVG document's root element says of its size, read from its
/// start tag without parsing the document (pagination places an image
/// from the first bytes of its file).
struct SVGHeader {
    /// The `<svg` element must start within these many bytes.
    static let searchBytes = 4096
    /// CSS's size for a replaced element that gives none.
    static let defaultSize = (width: 300.0, height: 150.0)

    var width: Double
    var height: Double

    /// Whether `bytes` start (after a byte order mark, white space, an XML
    /// declaration, comments or a doctype) a document whose root is `<svg`.
    static func isSVG(_ bytes: some Collection<UInt8>) -> Bool {
        startTag(in: Array(bytes.prefix(searchBytes))) != nil
    }

    /// The root element's start tag, up to its `>`.
    static func startTag(in head: [UInt8]) -> ArraySlice<UInt8>? {
        var index = 0
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        func skipSpace() { while index < head.count, [0x20, 0x09, 0x0A, 0x0D].contains(head[index]) { index += 1 } }
        func starts(_ text: String) -> Bool { head[index...].starts(with: Array(text.utf8)) }
        func skip(past end: String) -> Bool {
            let pattern = Array(end.utf8)
            while index + pattern.count <= head.count {
                if head[index...].starts(with: pattern) { index += pattern.count; return true }
                index += 1
            }
            return false
        }
        while true {
            skipSpace()
            guard index < head.count, head[index] == UInt8(ascii: "<") else { return nil }
            if starts("<?") { guard skip(past: "?>") else { return nil }; continue }
            if starts("<!--") { guard skip(past: "-->") else { return nil }; continue }
            if starts("<!") { guard skip(past: ">") else { return nil }; continue }
            guard starts("<svg"), index + 4 < head.count,
                  [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ">"), UInt8(ascii: "/")].contains(head[index + 4]) else { return nil }
            let start = index
            guard let end = head[start...].firstIndex(of: UInt8(ascii: ">")) else { return head[start...] }
            return head[start..<end]
        }
    }

    /// The size the document is drawn at by default: its `width` and
    /// `height` when absolute, else its `viewBox`'s (one side from the
    /// other by the box's aspect), else CSS's 300 x 150.
    init?(_ bytes: some Collection<UInt8>) {
        guard let tag = Self.startTag(in: Array(bytes.prefix(Self.searchBytes))) else { return nil }
        let attributes = Self.attributes(of: String(decoding: tag, as: UTF8.self))
        let width = attributes["width"].flatMap(Self.pixels), height = attributes["height"].flatMap(Self.pixels)
        let box = attributes["viewBox"].flatMap(Self.viewBoxSize)
        if let width, let height {
            (self.width, self.height) = (width, height)
        } else if let box {
            if let width {
                (self.width, self.height) = (width, width * box.height / box.width)
            } else if let height {
                (self.width, self.height) = (height * box.width / box.height, height)
            } else {
                (self.width, self.height) = (box.width, box.height)
            }
        } else {
            (self.width, self.height) = Self.defaultSize
        }
    }

    /// The width and height of a `viewBox` value, when both are positive.
    static func viewBoxSize(_ text: String) -> (width: Double, height: Double)? {
        let numbers = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" })
            .compactMap { Double($0) }
        guard numbers.count == 4, numbers[2] > 0, numbers[3] > 0 else { return nil }
        return (numbers[2], numbers[3])
    }

    /// A start tag's attributes by name, as written.
    static func attributes(of tag: String) -> [String: String] {
        var result: [String: String] = [:]
        var rest = Substring(tag.dropFirst(4))
        while let equals = rest.firstIndex(of: "=") {
            let name = rest[..<equals].split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).last
            var after = rest[rest.index(after: equals)...].drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
            guard let quote = after.first, quote == "\"" || quote == "'" else { break }
            after = after.dropFirst()
            guard let close = after.firstIndex(of: quote) else { break }
            if let name, result[String(name)] == nil { result[String(name)] = String(after[..<close]) }
            rest = after[after.index(after: close)...]
        }
        return result
    }

    /// A length in CSS pixels; nil for percentages and what cannot be read.
    static func pixels(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: " \t\n\r")
        let units: [(String, Double)] = [("px", 1), ("pt", 4.0 / 3), ("pc", 16), ("in", 96), ("cm", 96 / 2.54), ("mm", 96 / 25.4)]
        for (unit, factor) in units where trimmed.hasSuffix(unit) {
            return Double(trimmed.dropLast(unit.count)).flatMap { $0 > 0 ? $0 * factor : nil }
        }
        return Double(trimmed).flatMap { $0 > 0 ? $0 : nil }
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        let skipped = Set(set)
        guard let start = firstIndex(where: { !skipped.contains($0) }), let end = lastIndex(where: { !skipped.contains($0) })
        else { return "" }
        return String(self[start...end])
    }
}
