import CFontconfig

/// Finds installed fonts for characters the main font lacks, through
/// fontconfig's sorted list for a pattern that asks for the character.
/// Answers are cached per character; a font found for one character is
/// tried first for the next one of the same script, so a page of Han or
/// Arabic costs one fontconfig query. Not thread-safe.
final class FontFallback {
    /// The generic family the fallback should resemble ("serif", "sans-serif").
    private let family: String
    private var config: OpaquePointer?
    /// Every character some installed scalable font has: a character
    /// outside it (a script no font covers, common on a kiosk with few
    /// fonts) is answered without sorting every font for it.
    private var coverage: OpaquePointer?
    private var loaded = false
    private var byScalar: [UInt32: FontFile?] = [:]
    private var lastByScript: [UInt32: FontFile] = [:]

    init(family: String) {
        self.family = family
    }

    deinit {
        if let config { FcConfigDestroy(config) }
        if let coverage { FcCharSetDestroy(coverage) }
    }

    /// A font file other than `excluding` whose character map has `scalar`,
    /// or nil when no installed font has it. `covers` asks whether an
    /// already-open font has the character (cheaper than fontconfig).
    func file(for scalar: UInt32, script: UInt32, language: String?, excluding: FontFile,
              covers: (FontFile, UInt32) -> Bool) -> FontFile? {
        if let cached = byScalar[scalar] { return cached }
        if let recent = lastByScript[script], covers(recent, scalar) {
            byScalar[scalar] = recent
            return recent
        }
        let found = query(scalar, language: language, excluding: excluding)
        byScalar[scalar] = found
        if let found { lastByScript[script] = found }
        return found
    }

    private func query(_ scalar: UInt32, language: String?, excluding: FontFile) -> FontFile? {
        if !loaded {
            config = FcConfigReference(nil)
            coverage = config.flatMap(Self.coverage)
            loaded = true
        }
        guard let config else { return nil }
        if let coverage, FcCharSetHasChar(coverage, scalar) == 0 { return nil }
        guard let pattern = FcNameParse(family) else { return nil }
        defer { FcPatternDestroy(pattern) }
        if let charset = FcCharSetCreate() {
            FcCharSetAddChar(charset, scalar)
            FcPatternAddCharSet(pattern, FC_CHARSET, charset)
            FcCharSetDestroy(charset)
        }
        if let language, let lang = FcLangSetCreate() {
            FcLangSetAdd(lang, language)
            FcPatternAddLangSet(pattern, FC_LANG, lang)
            FcLangSetDestroy(lang)
        }
        FcPatternAddBool(pattern, FC_SCALABLE, FcTrue)
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let sorted = FcFontSort(config, pattern, FcTrue, nil, &result) else { return nil }
        defer { FcFontSetDestroy(sorted) }
        for index in 0..<Int(sorted.pointee.nfont) {
            guard let font = sorted.pointee.fonts[index] else { continue }
            var charset: OpaquePointer? = nil
            guard FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset,
                  FcCharSetHasChar(charset, scalar) != 0 else { continue }
            var scalable: FcBool = FcFalse
            if FcPatternGetBool(font, FC_SCALABLE, 0, &scalable) == FcResultMatch, scalable == FcFalse { continue }
            var path: UnsafeMutablePointer<FcChar8>? = nil
            guard FcPatternGetString(font, FC_FILE, 0, &path) == FcResultMatch, let path else { continue }
            var faceIndex: Int32 = 0
            if FcPatternGetInteger(font, FC_INDEX, 0, &faceIndex) != FcResultMatch { faceIndex = 0 }
            let file = FontFile(path: String(cString: path), index: Int(faceIndex))
            if file != excluding { return file }
        }
        return nil
    }

    /// The union of the character maps of the installed scalable fonts; nil when it cannot be listed.
    private static func coverage(_ config: OpaquePointer) -> OpaquePointer? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        guard let objects = FcObjectSetCreate() else { return nil }
        defer { FcObjectSetDestroy(objects) }
        FcObjectSetAdd(objects, FC_CHARSET)
        FcObjectSetAdd(objects, FC_SCALABLE)
        guard let fonts = FcFontList(config, pattern, objects) else { return nil }
        defer { FcFontSetDestroy(fonts) }
        guard let union = FcCharSetCreate() else { return nil }
        for index in 0..<Int(fonts.pointee.nfont) {
            guard let font = fonts.pointee.fonts[index] else { continue }
            var scalable: FcBool = FcTrue
            if FcPatternGetBool(font, FC_SCALABLE, 0, &scalable) == FcResultMatch, scalable == FcFalse { continue }
            var charset: OpaquePointer? = nil
            guard FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset else { continue }
            FcCharSetMerge(union, charset, nil)
        }
        return union
    }
}
