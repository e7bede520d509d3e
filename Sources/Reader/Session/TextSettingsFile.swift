import BookModel
import FoundationEssentials
import LinuxSystem
import Raster
import Typesetting

/// The text settings chosen on the text panel, kept for the device in
/// the state folder (`settings.json`, written atomically like positions);
/// each book's own size goes with its reading position.
public struct TextSettings: Codable, Equatable, Sendable {
    public static let currentVersion = 1
    public var version = Self.currentVersion
    public var fontSize: Int?
    public var lineSpacing: Double?
    /// Side margins as a share of the width; nil: the page's default.
    public var sideMarginShare: Double?
    public var theme: String?
    /// The typeface's family, as fontconfig names it.
    public var fontFamily: String?
    /// The interface's scale (large print): 1, 1.5 or 2.
    public var interfaceScale: Double?

    public init(fontSize: Int? = nil, lineSpacing: Double? = nil, sideMarginShare: Double? = nil, theme: String? = nil) {
        self.fontSize = fontSize
        self.lineSpacing = lineSpacing
        self.sideMarginShare = sideMarginShare
        self.theme = theme
    }

    /// The settings of a page in force.
    public init(geometry: PageGeometry, theme: Theme) {
        fontSize = geometry.fontSize
        lineSpacing = geometry.lineSpacing
        sideMarginShare = geometry.sideMargin.map { Double($0) / Double(max(1, geometry.width)) }
        self.theme = theme.name
    }

    /// `geometry` with these settings over it (a book's own size first);
    /// settings that would not make a valid page are left out.
    public func applied(to geometry: PageGeometry, bookFontSize: Int?) -> PageGeometry {
        var result = geometry
        if let size = bookFontSize ?? fontSize { result.fontSize = size }
        if let lineSpacing, (1...3).contains(lineSpacing) { result.lineSpacing = lineSpacing }
        if let sideMarginShare, (0...0.3).contains(sideMarginShare) {
            result.sideMargin = Int(Double(geometry.width) * sideMarginShare)
        }
        return (try? result.validate()) != nil ? result : geometry
    }
}

extension StateStore {
    public var settingsPath: String { directory + "/settings.json" }

    /// The device's text settings, or nil when none were saved or the file is unusable.
    public func loadTextSettings() -> TextSettings? {
        guard let bytes = try? FileDescriptor.readFile(settingsPath),
              case let data = Data(bytes),
              let settings = try? JSONDecoder().decode(TextSettings.self, from: data),
              settings.version == TextSettings.currentVersion else { return nil }
        return settings
    }

    public func saveTextSettings(_ settings: TextSettings) throws {
        try write(settings, to: settingsPath)
    }
}
