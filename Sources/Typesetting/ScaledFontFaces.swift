/// The faces of a FontSet at another scale, by the same ids, so a laid-out
/// page can be drawn zoomed with glyphs rasterised at the zoomed size:
/// sharp, as text set at that size, with the page's line breaks kept.
public final class ScaledFontFaces {
    public let scale: Double
    private let library: FreeTypeLibrary
    private var faces: [Int: FontFace] = [:]

    public init(scale: Double) throws {
        self.scale = scale
        library = try FreeTypeLibrary()
    }

    /// `base` at this scale; nil when the font cannot be opened at that size.
    public func face(scaling base: FontFace) -> FontFace? {
        if let face = faces[base.id] { return face }
        let size = max(1, Int((Double(base.pixelSize) * scale).rounded()))
        guard let face = try? FontFace(id: base.id, data: base.data, pixelSize: min(400, size), library: library,
                                       synthesisedSlant: base.synthesisedSlant,
                                       synthesisedBold: base.emboldening > 0) else {
            return nil
        }
        faces[base.id] = face
        return face
    }
}
