import BookModel
import CHarfBuzz

/// The faces, capitals, rises and languages of a block's characters, from
/// its inline style and styled runs (a run's style replaces the block's
/// for its characters).
struct BlockStyling {
    /// The face of the block's own inline style at its size.
    let blockFace: FontFace
    /// The largest face on the baseline: it sets the line height.
    let tallestFace: FontFace
    /// Each character's face before fallback.
    var primaryFaces: [Int]
    /// The characters shaped (lower case in small caps shaped as capitals); nil when the source itself.
    var shapingScalars: [UInt32]?
    /// Each character's style, an index into `runAttributes`.
    var runKeys: [UInt16]
    var runAttributes: [BlockRunAttributes]

    /// Superscripts and subscripts with no size of their own are set at this.
    static let scriptScale = 0.7
    /// Small capitals are capitals at this of the size.
    static let smallCapsScale = 0.8

    init(typesetter: Typesetter, document: BookDocument, style: BlockStyle, source: [UInt32], runs: [StyledRun],
         blockSize: Int, isPreformatted: Bool) {
        let fonts = typesetter.fonts
        var styles: [InlineStyle] = [style.inline]
        var keys = [UInt16](repeating: 0, count: source.count)
        for run in runs {
            var index = styles.firstIndex(of: run.style) ?? styles.count
            if index == styles.count {
                guard styles.count < Int(UInt16.max) else { continue }
                styles.append(run.style)
            }
            index = min(index, Int(UInt16.max))
            for scalar in run.range.clamped(to: 0..<source.count) { keys[scalar] = UInt16(index) }
        }
        let bookLanguage = typesetter.language
        var faces: [FontFace] = [], smallFaces: [FontFace?] = [], attributes: [BlockRunAttributes] = []
        var tallest: FontFace?
        for inline in styles {
            let onBaseline = inline.verticalPosition == .baseline
            var scale = inline.relativeSize > 0 ? inline.relativeSize : 1
            if !onBaseline, inline.relativeSize == 1 { scale = Self.scriptScale }
            let size = max(4, Int((Double(blockSize) * scale).rounded()))
            let family = inline.family ?? (isPreformatted ? "monospace" : nil)
            let request = FaceRequest(family: family, italic: inline.slant == .italic, bold: inline.weight == .bold,
                                      pixelSize: size)
            let face = fonts.face(for: request, in: document)
            faces.append(face)
            var small = request
            small.pixelSize = max(4, Int((Double(size) * Self.smallCapsScale).rounded()))
            smallFaces.append(inline.smallCaps ? fonts.face(for: small, in: document) : nil)
            if onBaseline, tallest.map({ face.pixelSize > $0.pixelSize }) ?? true { tallest = face }
            let rise: Int32
            switch inline.verticalPosition {
            case .baseline: rise = 0
            case .superscript: rise = Int32((Double(blockSize) * 0.35 * 64).rounded())
            case .subscript: rise = -Int32((Double(blockSize) * 0.2 * 64).rounded())
            }
            let language = inline.language ?? style.language
            let differs = language.map { $0.lowercased() != bookLanguage?.lowercased() } ?? false
            attributes.append(BlockRunAttributes(rise: rise,
                                                 language: differs ? language.map { hb_language_from_string($0, -1) } : nil))
        }
        blockFace = faces[0]
        tallestFace = tallest.map { $0.pixelSize > faces[0].pixelSize ? $0 : faces[0] } ?? faces[0]
        primaryFaces = keys.map { faces[Int($0)].id }
        runKeys = keys
        runAttributes = attributes
        shapingScalars = nil
        guard smallFaces.contains(where: { $0 != nil }) else { return }
        var shaped = source
        for index in source.indices {
            guard let small = smallFaces[Int(keys[index])], let capital = Self.capital(of: source[index]) else { continue }
            shaped[index] = capital
            primaryFaces[index] = small.id
        }
        shapingScalars = shaped
    }

    /// The capital of a lower-case letter, when it is one character.
    static func capital(of scalar: UInt32) -> UInt32? {
        guard let character = Unicode.Scalar(scalar), character.properties.isLowercase else { return nil }
        let upper = character.properties.uppercaseMapping.unicodeScalars
        guard upper.count == 1, let first = upper.first, first.value != scalar else { return nil }
        return first.value
    }
}

/// What shaping and placing a run needs beyond its face.
struct BlockRunAttributes {
    /// 26.6 pixels above the baseline.
    var rise: Int32
    /// The run's language when it is not the book's.
    var language: hb_language_t?
}
