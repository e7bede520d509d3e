import BookModel
import CFreeType
import Threading

/// The book's own fonts, read from the book once and shared by every
/// typesetter on any thread (FreeType and HarfBuzz only read the bytes).
public final class EmbeddedFontFiles: @unchecked Sendable {
    private let lock = Condition()
    private var loaded: [String: Result<FontFileData, TypesettingError>] = [:]

    public init() {}

    /// The font file a book's font is known by: its resource, which no installed font's path can be.
    static func file(of font: EmbeddedFont) -> FontFile { FontFile(path: "book:" + font.resource) }

    /// The bytes of `font` (already de-obfuscated by the book's reader),
    /// checked to be a font FreeType opens: OpenType, TrueType, WOFF or WOFF2.
    func data(of font: EmbeddedFont, in resources: DocumentResources?) -> Result<FontFileData, TypesettingError> {
        if let found = lock.withLock({ loaded[font.resource] }) { return found }
        let result = Self.load(font, resources: resources)
        lock.withLock { loaded[font.resource] = result }
        return result
    }

    private static func load(_ font: EmbeddedFont, resources: DocumentResources?) -> Result<FontFileData, TypesettingError> {
        let file = file(of: font)
        guard let resources else { return .failure(.fontUnavailable(path: font.resource, reason: "the book has no resources")) }
        do {
            let bytes = try resources.data(of: font.resource, limit: DocumentLimits.resourceBytes)
            let data = try FontFileData(file: file, bytes: bytes)
            try data.check()
            return .success(data)
        } catch let error as TypesettingError {
            return .failure(error)
        } catch {
            return .failure(.fontUnavailable(path: font.resource, reason: "\(error)"))
        }
    }
}

/// Whether each of a book's fonts could be read and opened.
public struct EmbeddedFontStatus: Sendable, Equatable {
    public var font: EmbeddedFont
    public var loaded: Bool
    /// Why it was not, in a few words.
    public var problem: String?
}

extension BookDocument {
    /// The embedded fonts' bytes, read once for every typesetter.
    public var fontFiles: EmbeddedFontFiles { memo.value(EmbeddedFontFiles.self) { EmbeddedFontFiles() } }

    /// Each embedded font with whether it loads (what `info` reports).
    public func embeddedFontStatus() -> [EmbeddedFontStatus] {
        fonts.map { font in
            switch fontFiles.data(of: font, in: resources) {
            case .success: return EmbeddedFontStatus(font: font, loaded: true, problem: nil)
            case let .failure(error): return EmbeddedFontStatus(font: font, loaded: false, problem: "\(error)")
            }
        }
    }
}
