import CFontconfig

/// A font file and the face index inside it (collections hold several).
public struct FontFile: Sendable, Equatable, Hashable {
    public var path: String
    public var index: Int

    public init(path: String, index: Int = 0) {
        self.path = path
        self.index = index
    }
}

/// Finds installed fonts through fontconfig.
public enum FontLocator {
    public static let defaultFamily = "DejaVu Serif"

    /// The file fontconfig picks for a family, e.g. "DejaVu Serif".
    public static func file(forFamily family: String) throws -> FontFile {
        guard let config = FcInitLoadConfigAndFonts() else { throw TypesettingError.noDefaultFont(family: family) }
        defer { FcConfigDestroy(config) }
        guard let pattern = FcNameParse(family) else { throw TypesettingError.noDefaultFont(family: family) }
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(config, pattern, &result) else { throw TypesettingError.noDefaultFont(family: family) }
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<FcChar8>? = nil
        guard FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file else {
            throw TypesettingError.noDefaultFont(family: family)
        }
        var index: Int32 = 0
        if FcPatternGetInteger(match, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        return FontFile(path: String(cString: file), index: Int(index))
    }
}
