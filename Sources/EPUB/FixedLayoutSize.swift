/// The natural size of a fixed-layout document: an XHTML document's
/// viewport `<meta>` or an SVG document's `viewBox`, in CSS pixels.
enum FixedLayoutSize {
    /// A page whose document gives no size of its own is taken to be of
    /// this size, a common tablet's in landscape.
    static let fallback = (width: 1280.0, height: 800.0)
    /// Sides past this are not believed (no page is 100 m wide).
    static let maximumSide = 100_000.0

    /// `width` and `height` of the first viewport `<meta>` of `tree`'s
    /// head, each from its first declaration, units ignored; `device-width`
    /// and `device-height` (and anything unreadable) leave the side nil.
    static func viewport(of tree: MarkupTree) -> (width: Double?, height: Double?) {
        guard let root = tree.root,
              let meta = root.descendants(named: "meta").first(where: { $0.attribute("name")?.lowercased() == "viewport" }),
              let content = meta.attribute("content") else { return (nil, nil) }
        return viewport(content: content)
    }

    /// The sizes of a viewport declaration's text: `key=value` pairs
    /// separated by commas, semicolons or spaces, tolerating what is not one.
    static func viewport(content: String) -> (width: Double?, height: Double?) {
        var width: Double?, height: Double?
        var seenWidth = false, seenHeight = false
        let pairs = content.split(whereSeparator: { $0 == "," || $0 == ";" })
        for pair in pairs {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingWhitespace.lowercased() }
            guard parts.count == 2 else { continue }
            switch parts[0] {
            case "width" where !seenWidth:
                seenWidth = true
                width = length(parts[1])
            case "height" where !seenHeight:
                seenHeight = true
                height = length(parts[1])
            default:
                continue
            }
        }
        return (width, height)
    }

    /// The number a length starts with, whatever unit follows it.
    static func length(_ text: String) -> Double? {
        let number = text.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        guard let value = Double(number), value >= 1, value <= maximumSide else { return nil }
        return value
    }

    /// An SVG document's size: its `viewBox`, else its `width` and
    /// `height` when they are absolute.
    static func svg(_ root: MarkupElement) -> (width: Double, height: Double)? {
        if let box = root.attribute("viewbox") {
            let numbers = box.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" })
                .compactMap { Double($0) }
            if numbers.count == 4, numbers[2] >= 1, numbers[3] >= 1, numbers[2] <= maximumSide, numbers[3] <= maximumSide {
                return (numbers[2], numbers[3])
            }
        }
        guard let width = root.attribute("width").flatMap(absoluteLength),
              let height = root.attribute("height").flatMap(absoluteLength) else { return nil }
        return (width, height)
    }

    /// A length without a unit or in pixels; nil for percentages and the like.
    private static func absoluteLength(_ text: String) -> Double? {
        let trimmed = text.trimmingWhitespace.lowercased()
        let number = trimmed.hasSuffix("px") ? String(trimmed.dropLast(2)) : trimmed
        guard let value = Double(number), value >= 1, value <= maximumSide else { return nil }
        return value
    }
}
