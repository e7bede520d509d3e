import BookModel

/// The faces a structured book's runs ask for: a family (a CSS list of
/// names), a slant, a weight and a size.
struct FaceRequest: Hashable {
    var family: String?
    var italic: Bool
    var bold: Bool
    var pixelSize: Int
}

/// Where a family name leads.
enum FamilyChoice: Hashable {
    /// The reader's own typeface.
    case reader
    /// An installed family fontconfig found for a generic name (monospace).
    case installed(FontFile)
    /// One of the book's embedded families, by its name.
    case embedded(String)
}

/// What a font set remembers of a structured book's faces.
struct DocumentFaceCache {
    var faces: [FaceRequest: Int] = [:]
    var families: [String: FamilyChoice] = [:]
}

extension FontSet {
    /// The face for `request` in `document`: the family the request names
    /// (see `InlineStyle.family`) in the slant and weight asked for, its
    /// own styled face when there is one, else made from its regular face.
    func face(for request: FaceRequest, in document: BookDocument) -> FontFace {
        if let id = documentFaces.faces[request] { return faces[id] }
        let size = min(400, max(4, request.pixelSize))
        var chosen: FontFace?
        switch familyChoice(request.family, fonts: document.fonts) {
        case .reader:
            // The footer's face is painted in the quieter colour: text at its size has a face of its own.
            chosen = face(file: file, pixelSize: size, apart: size == footer.pixelSize)
        case let .installed(installed):
            chosen = face(file: installed, pixelSize: size)
        case let .embedded(family):
            if let found = embeddedFace(family: family, italic: request.italic, bold: request.bold, size: size,
                                        document: document) {
                documentFaces.faces[request] = found.id
                return found
            }
        }
        let base = chosen ?? body
        let styled = face(base, styled: InlineStyle(slant: request.italic ? .italic : .upright,
                                                    weight: request.bold ? .bold : .regular))
        documentFaces.faces[request] = styled.id
        return styled
    }

    /// The first name of a CSS family list this reader sets text in.
    func familyChoice(_ family: String?, fonts embedded: [EmbeddedFont]) -> FamilyChoice {
        guard let family else { return .reader }
        if let known = documentFaces.families[family] { return known }
        var choice = FamilyChoice.reader
        for name in Self.familyNames(family) {
            let lower = name.lowercased()
            if let font = embedded.first(where: { $0.family.lowercased() == lower }) {
                choice = .embedded(font.family)
                break
            }
            if ["monospace", "cursive", "fantasy"].contains(lower),
               let found = try? FontLocator.file(forFamily: lower) {
                choice = .installed(found)
                break
            }
            // The reader's typeface stands for the book's serif and sans.
            if ["serif", "sans-serif", "system-ui", "ui-serif", "ui-sans-serif"].contains(lower) { break }
        }
        documentFaces.families[family] = choice
        return choice
    }

    /// The names of a CSS `font-family` value, unquoted.
    static func familyNames(_ value: String) -> [String] {
        value.split(separator: ",").map { part in
            String(part).trimmed(of: " \t\n\"'")
        }.filter { !$0.isEmpty }
    }

    /// The book's face of `family` nearest the slant and weight asked for;
    /// what it lacks is made (slanted, thickened). Nil when none of the
    /// family's files loads.
    private func embeddedFace(family: String, italic: Bool, bold: Bool, size: Int, document: BookDocument) -> FontFace? {
        let candidates = document.fonts.filter { $0.family.lowercased() == family.lowercased() }
        let ranked = candidates.sorted { score($0, italic, bold) < score($1, italic, bold) }
        for font in ranked {
            guard case let .success(data) = document.fontFiles.data(of: font, in: document.resources) else { continue }
            let file = EmbeddedFontFiles.file(of: font)
            fileData[file] = data
            let slant = italic && font.slant != .italic, thicken = bold && font.weight != .bold
            if let face = face(file: file, pixelSize: size, synthesisedSlant: slant, synthesisedBold: thicken) { return face }
        }
        return nil
    }

    /// How far a face is from the style asked for: a wrong slant costs more than a wrong weight.
    private func score(_ font: EmbeddedFont, _ italic: Bool, _ bold: Bool) -> Int {
        ((font.slant == .italic) != italic ? 2 : 0) + ((font.weight == .bold) != bold ? 1 : 0)
    }
}

private extension String {
    /// Without the characters of `set` at either end.
    func trimmed(of set: String) -> String {
        let drop = Set(set)
        var characters = Substring(self)
        while let first = characters.first, drop.contains(first) { characters.removeFirst() }
        while let last = characters.last, drop.contains(last) { characters.removeLast() }
        return String(characters)
    }
}
