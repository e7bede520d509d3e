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

/// Finds installed fonts through fontconfig. Every lookup here and in
/// the fallback takes a reference to fontconfig's one configuration,
/// loaded once: loading it parses every configuration file and cache, a
/// tenth of a second on a small board, which a book with several faces
/// paid before its first page for each face.
public enum FontLocator {
    public static let defaultFamily = "DejaVu Serif"

    /// The file fontconfig picks for a family, e.g. "DejaVu Serif".
    public static func file(forFamily family: String) throws -> FontFile {
        guard let config = FcConfigReference(nil) else { throw TypesettingError.noDefaultFont(family: family) }
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

    /// The installed file of `file`'s family in another slant or weight
    /// (DejaVu Serif Italic for DejaVu Serif), or nil when the family has
    /// none and fontconfig would only offer another family or the same file.
    public static func styledFile(like file: FontFile, italic: Bool, bold: Bool) -> FontFile? {
        guard let config = FcConfigReference(nil) else { return nil }
        defer { FcConfigDestroy(config) }
        var count: Int32 = 0
        guard let query = FcFreeTypeQuery(file.path, UInt32(file.index), nil, &count) else { return nil }
        defer { FcPatternDestroy(query) }
        var family: UnsafeMutablePointer<FcChar8>? = nil
        guard FcPatternGetString(query, FC_FAMILY, 0, &family) == FcResultMatch, let family,
              let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, FC_FAMILY, family)
        FcPatternAddInteger(pattern, FC_SLANT, italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
        FcPatternAddInteger(pattern, FC_WEIGHT, bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR)
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var matchedFamily: UnsafeMutablePointer<FcChar8>? = nil
        var path: UnsafeMutablePointer<FcChar8>? = nil
        var slant: Int32 = 0, weight: Int32 = 0, index: Int32 = 0
        guard FcPatternGetString(match, FC_FAMILY, 0, &matchedFamily) == FcResultMatch, let matchedFamily,
              FcStrCmpIgnoreCase(matchedFamily, family) == 0,
              FcPatternGetString(match, FC_FILE, 0, &path) == FcResultMatch, let path,
              FcPatternGetInteger(match, FC_SLANT, 0, &slant) == FcResultMatch,
              FcPatternGetInteger(match, FC_WEIGHT, 0, &weight) == FcResultMatch else { return nil }
        if FcPatternGetInteger(match, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        guard (slant != FC_SLANT_ROMAN) == italic, (weight >= FC_WEIGHT_DEMIBOLD) == bold else { return nil }
        let found = FontFile(path: String(cString: path), index: Int(index))
        return found == file ? nil : found
    }
}

/// Where fontconfig's answers are remembered between starts: fontconfig
/// reads its whole configuration to answer one question.
public protocol FontLookupRemembering: Sendable {
    /// The file remembered for `family`, when nothing it depends on changed.
    func file(forFamily family: String) -> FontFile?
    /// Remembers `file` as fontconfig's answer for `family`.
    func remember(_ file: FontFile, forFamily family: String)
}
