import BookModel
import FoundationEssentials
import Glibc

/// The faces one typesetter uses: body, heading and footer sizes of one
/// font file, followed by fallback faces opened on demand for characters
/// that file lacks. A face's id is its index in `faces`. Not thread-safe.
public final class FontSet {
    public let file: FontFile
    public private(set) var faces: [FontFace]
    public var body: FontFace { faces[0] }
    public var heading: FontFace { faces[1] }
    public var footer: FontFace { faces[2] }
    /// False draws missing characters as .notdef instead of looking for
    /// another font, to see what the main font alone covers.
    public let usesFallback: Bool
    private let library: FreeTypeLibrary
    private let fallback: FontFallback
    private var opened: [FaceKey: Int] = [:]
    /// Font files read so far, shared with the sets made to match this one.
    var fileData: [FontFile: FontFileData]
    private var unusable: Set<FontFile> = []
    /// Faces in another slant or weight, by the face they vary and the style.
    private var styled: [StyledKey: Int] = [:]
    /// The family's files in other styles, looked up once each (and
    /// taken over by the sets made to match this one).
    private var styledFiles: [StyledFileKey: FontFile?] = [:]
    /// A structured book's faces and families, as asked for by its runs.
    var documentFaces = DocumentFaceCache()

    private struct FaceKey: Hashable {
        var file: FontFile
        var pixelSize: Int
        var synthesisedSlant = false
        var synthesisedBold = false
        /// A face of its own though another with the same file and size exists (text at the footer's size).
        var apart = false
    }

    private struct StyledKey: Hashable {
        var base: Int
        var italic: Bool
        var bold: Bool
    }

    private struct StyledFileKey: Hashable {
        var file: FontFile
        var italic: Bool
        var bold: Bool
    }

    /// `sharingFilesWith` reuses the font files another set has read
    /// (for a typesetter on another thread or at another size).
    public init(file: FontFile, geometry: PageGeometry, usesFallback: Bool = true, sharingFilesWith other: FontSet? = nil) throws {
        let library = try FreeTypeLibrary()
        self.library = library
        self.file = file
        self.usesFallback = usesFallback
        fallback = FontFallback(family: FontSet.genericFamily(of: file))
        var fileData = other?.fileData ?? [:]
        let data = try fileData[file] ?? FontFileData(file: file)
        fileData[file] = data
        self.fileData = fileData
        styledFiles = other?.styledFiles ?? [:]
        faces = [
            try FontFace(id: 0, data: data, pixelSize: geometry.fontSize, library: library),
            try FontFace(id: 1, data: data, pixelSize: geometry.headingFontSize, library: library),
            try FontFace(id: 2, data: data, pixelSize: geometry.footerFontSize, library: library),
        ]
        for face in faces { opened[FaceKey(file: file, pixelSize: face.pixelSize)] = face.id }
    }

    /// A face at `base`'s size that has `scalar`, from another installed
    /// font; nil when there is none or fallback is off.
    func fallbackFace(for scalar: UInt32, script: UInt32, language: String?, base: FontFace) -> FontFace? {
        guard usesFallback else { return nil }
        let size = base.pixelSize
        let found = fallback.file(for: scalar, script: script, language: language, excluding: file) { file, scalar in
            self.face(file: file, pixelSize: size)?.hasGlyph(scalar) ?? false
        }
        guard let found, let face = face(file: found, pixelSize: size), face.hasGlyph(scalar) else { return nil }
        return face
    }

    /// `base` in the slant and weight of `style`: the family's own italic
    /// or bold face when one is installed, else `base` slanted for italic
    /// and thickened for bold.
    func face(_ base: FontFace, styled style: InlineStyle) -> FontFace {
        guard style.changesFace else { return base }
        let italic = style.slant == .italic, bold = style.weight == .bold
        let key = StyledKey(base: base.id, italic: italic, bold: bold)
        if let id = styled[key] { return faces[id] }
        let fileKey = StyledFileKey(file: base.file, italic: italic, bold: bold)
        let file: FontFile?
        if let known = styledFiles[fileKey] {
            file = known
        } else {
            file = FontLocator.styledFile(like: base.file, italic: italic, bold: bold)
            styledFiles[fileKey] = file
        }
        let chosen = file.flatMap { face(file: $0, pixelSize: base.pixelSize) }
            ?? face(file: base.file, pixelSize: base.pixelSize, synthesisedSlant: italic, synthesisedBold: bold) ?? base
        styled[key] = chosen.id
        return chosen
    }

    /// `base`'s font at `pixelSize` (ruby and emphasis marks), or `base`
    /// when it cannot be opened at that size.
    func face(_ base: FontFace, pixelSize: Int) -> FontFace {
        face(file: base.file, pixelSize: pixelSize, synthesisedSlant: base.synthesisedSlant,
             synthesisedBold: base.emboldening > 0) ?? base
    }

    /// The face of `file` at `pixelSize`, opened once and appended to `faces`.
    func face(file: FontFile, pixelSize: Int, synthesisedSlant: Bool = false, synthesisedBold: Bool = false,
              apart: Bool = false) -> FontFace? {
        let key = FaceKey(file: file, pixelSize: pixelSize, synthesisedSlant: synthesisedSlant,
                          synthesisedBold: synthesisedBold, apart: apart)
        if let id = opened[key] { return faces[id] }
        guard !unusable.contains(file),
              let data = fileData[file] ?? (try? FontFileData(file: file)),
              let face = try? FontFace(id: faces.count, data: data, pixelSize: pixelSize, library: library,
                                       synthesisedSlant: synthesisedSlant, synthesisedBold: synthesisedBold) else {
            unusable.insert(file)
            return nil
        }
        fileData[file] = data
        faces.append(face)
        opened[key] = face.id
        return face
    }

    /// Fallbacks for a sans-serif main font should be sans-serif too.
    private static func genericFamily(of file: FontFile) -> String {
        let name = (file.path.split(separator: "/").last.map(String.init) ?? file.path).lowercased()
        return name.contains("sans") && !name.contains("serif") || name.contains("mono") ? "sans-serif" : "serif"
    }

    /// The font file for `--font PATH`, or the default family through fontconfig.
    public static func resolve(path: String?) throws -> FontFile {
        if let path {
            // stat(2) alone, which never blocks: a FIFO would hang the open
            // that maps the font, and /dev/zero would be read without end.
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                  let type = attributes[.type] as? FileAttributeType else {
                throw TypesettingError.fontUnavailable(path: path, reason: "no such font file")
            }
            guard type == .typeRegular else {
                throw TypesettingError.fontUnavailable(path: path, reason: "not a regular file (\(Self.kind(type)))")
            }
            return FontFile(path: path)
        }
        return try FontLocator.file(forFamily: FontLocator.defaultFamily)
    }

    private static func kind(_ type: FileAttributeType) -> String {
        switch type {
        case .typeDirectory: return "a directory"
        case .typeCharacterSpecial: return "a character device"
        case .typeBlockSpecial: return "a block device"
        case .typeSocket: return "a socket"
        default: return "a FIFO or other special file"
        }
    }
}
