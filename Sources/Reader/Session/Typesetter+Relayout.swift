import BookModel
import Typesetting

extension Typesetter {
    /// The typesetter for new text settings: a new one for another font
    /// file, one matching `current` for another geometry, writing mode or
    /// column count, nil when the text is set as before.
    static func relaid(_ current: Typesetter, of book: Book, settings: ReaderSettings, geometry: PageGeometry,
                       font: FontFile, writingMode: WritingModeChoice, columns: ColumnChoice?) throws -> Typesetter? {
        if font != settings.font {
            return try Typesetter(book: book, geometry: geometry, font: font, language: settings.language,
                                  lineBreaking: settings.lineBreaking, writingMode: writingMode, columns: columns)
        }
        guard geometry != settings.geometry || writingMode != settings.writingMode || columns != settings.columns else {
            return nil
        }
        return try Typesetter(matching: current, geometry: geometry, writingMode: writingMode, columns: columns)
    }
}
