/// The settings pagination depends on. Equal geometries give equal pages.
public struct PageGeometry: Sendable, Equatable, Hashable {
    public var width: Int
    public var height: Int
    public var fontSize: Int
    /// Line height as a multiple of the font size.
    public var lineSpacing: Double
    /// Side margin in pixels; nil picks one from the screen width.
    public var sideMargin: Int?
    /// The text reaches every edge (a fixed page's own layout): no margins, no footer.
    public var fillsPage = false

    public static let minimumSide = 100
    public static let maximumSide = 16384

    public init(width: Int, height: Int, fontSize: Int = 20, lineSpacing: Double = 1.4, sideMargin: Int? = nil,
                fillsPage: Bool = false) {
        self.width = width
        self.height = height
        self.fontSize = fontSize
        self.lineSpacing = lineSpacing
        self.sideMargin = sideMargin
        self.fillsPage = fillsPage
    }

    /// Parses "WIDTHxHEIGHT", e.g. "1280x800".
    public static func parseSize(_ text: String) throws -> (width: Int, height: Int) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else {
            throw BookError.invalidGeometry("size \"\(text)\" is not WIDTHxHEIGHT, e.g. 1280x800")
        }
        return (width, height)
    }

    public func validate() throws {
        let sides = PageGeometry.minimumSide...PageGeometry.maximumSide
        guard sides.contains(width), sides.contains(height) else {
            throw BookError.invalidGeometry("size \(width)x\(height): each side must be within \(sides.lowerBound)...\(sides.upperBound) pixels")
        }
        guard (6...200).contains(fontSize) else {
            throw BookError.invalidGeometry("font size \(fontSize) px: must be within 6...200")
        }
        guard (1.0...3.0).contains(lineSpacing) else {
            throw BookError.invalidGeometry("line spacing \(lineSpacing): must be within 1.0...3.0")
        }
        guard measure >= fontSize * 4 * 64, linesPerPage >= 3 else {
            throw BookError.invalidGeometry("a \(width)x\(height) page holds too little text at \(fontSize) px")
        }
    }

    public var marginLeft: Int { sideMargin ?? max(fontSize, width * 7 / 100) }
    public var marginTop: Int { fillsPage ? 0 : max(fontSize, height * 6 / 100) }
    public var footerFontSize: Int { max(6, fontSize * 7 / 10) }
    public var headingFontSize: Int { fontSize * 135 / 100 }
    /// Bottom margin, holding the footer.
    public var marginBottom: Int { fillsPage ? 0 : marginTop + footerFontSize * 2 }
    /// Baseline of the footer text, from the top of the page.
    public var footerBaseline: Int { height - marginTop + footerFontSize / 2 }
    /// Text width in 26.6 pixels.
    public var measure: Int32 { Int32((width - 2 * marginLeft) * 64) }
    public var lineHeight: Int { Int((Double(fontSize) * lineSpacing).rounded()) }
    public var headingLineHeight: Int { Int((Double(headingFontSize) * 1.25).rounded()) }
    public var contentHeight: Int { height - marginTop - marginBottom }
    public var linesPerPage: Int { contentHeight / max(1, lineHeight) }
    /// First-line indent of body paragraphs, 26.6 pixels.
    public var paragraphIndent: Int32 { Int32(fontSize * 3 / 2 * 64) }
}
