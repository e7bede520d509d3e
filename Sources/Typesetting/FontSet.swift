import Foundation

/// The faces one typesetter uses: body, heading and footer sizes of one
/// font file. Face ids index `faces`.
public final class FontSet {
    public let file: FontFile
    public let faces: [FontFace]
    public var body: FontFace { faces[0] }
    public var heading: FontFace { faces[1] }
    public var footer: FontFace { faces[2] }

    public init(file: FontFile, geometry: PageGeometry) throws {
        let library = try FreeTypeLibrary()
        self.file = file
        faces = [
            try FontFace(id: 0, file: file, pixelSize: geometry.fontSize, library: library),
            try FontFace(id: 1, file: file, pixelSize: geometry.headingFontSize, library: library),
            try FontFace(id: 2, file: file, pixelSize: geometry.footerFontSize, library: library),
        ]
    }

    /// The font file for `--font PATH`, or the default family through fontconfig.
    public static func resolve(path: String?) throws -> FontFile {
        if let path {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                throw TypesettingError.fontUnavailable(path: path, reason: "no such font file")
            }
            return FontFile(path: path)
        }
        return try FontLocator.file(forFamily: FontLocator.defaultFamily)
    }
}
