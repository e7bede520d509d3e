import CFontconfig

/// An installed family a book can be set in, with the file of its regular face.
public struct FontFamily: Sendable, Equatable {
    public var name: String
    public var file: FontFile
    public var isSerif: Bool

    public init(name: String, file: FontFile, isSerif: Bool) {
        self.name = name
        self.file = file
        self.isSerif = isSerif
    }
}

extension FontLocator {
    /// The installed serif and sans families fontconfig finds for text in
    /// `language` (regular, upright, normal width, not monospaced; no
    /// mathematics, display or symbol families): serif first, then sans,
    /// each alphabetical, at most `limit`.
    public static func bodyFamilies(language: String?, limit: Int = 6) -> [FontFamily] {
        guard let config = FcConfigReference(nil) else { return [] }
        defer { FcConfigDestroy(config) }
        let query = ":lang=\(language ?? "en"):slant=0:weight=80:width=100"
        guard let pattern = FcNameParse(query) else { return [] }
        defer { FcPatternDestroy(pattern) }
        guard let objects = FcObjectSetCreate() else { return [] }
        defer { FcObjectSetDestroy(objects) }
        for name in [FC_FAMILY, FC_FILE, FC_INDEX, FC_SPACING] { _ = FcObjectSetAdd(objects, name) }
        guard let list = FcFontList(config, pattern, objects) else { return [] }
        defer { FcFontSetDestroy(list) }
        let ideographic = ["zh", "ja", "ko"].contains { (language ?? "").hasPrefix($0) }
        var found: [String: FontFamily] = [:]
        for index in 0..<Int(list.pointee.nfont) {
            guard let font = list.pointee.fonts[index] else { continue }
            var family: UnsafeMutablePointer<FcChar8>? = nil
            var file: UnsafeMutablePointer<FcChar8>? = nil
            guard FcPatternGetString(font, FC_FAMILY, 0, &family) == FcResultMatch, let family,
                  FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
            var spacing: Int32 = 0
            if FcPatternGetInteger(font, FC_SPACING, 0, &spacing) == FcResultMatch, spacing >= FC_MONO { continue }
            var faceIndex: Int32 = 0
            if FcPatternGetInteger(font, FC_INDEX, 0, &faceIndex) != FcResultMatch { faceIndex = 0 }
            let name = String(cString: family)
            let excluded = ["Mono", "Math", "Display", "Emoji", "Symbol", "Condensed"]
            if excluded.contains(where: name.contains) || (!ideographic && name.contains("CJK")) { continue }
            if found[name] != nil { continue }
            let isSerif = !name.contains("Sans")
            found[name] = FontFamily(name: name, file: FontFile(path: String(cString: file), index: Int(faceIndex)),
                                     isSerif: isSerif)
        }
        let ordered = found.values.sorted { ($0.isSerif ? 0 : 1, $0.name) < ($1.isSerif ? 0 : 1, $1.name) }
        return Array(ordered.prefix(limit))
    }
}
