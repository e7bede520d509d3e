import BookModel

/// The text panel's writing-mode switch: the book set again horizontally,
/// vertically or as it asks, at the same place, its pages going the way
/// the mode reads.
extension ReaderSession {
    func applyWritingMode(_ choice: WritingModeChoice) {
        do {
            try relayout(geometry: settings.geometry, theme: settings.theme, writingMode: choice)
        } catch {
            warnings.append("writing mode: \(error)")
        }
        needsFrame = true
    }
}
