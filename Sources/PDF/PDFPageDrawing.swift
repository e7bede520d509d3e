import BookModel

/// Draws one page of a PDF through MuPDF, only the part asked for: the
/// screen's page at its scale, or one tile of it zoomed.
final class PDFPageDrawing: PageDrawing {
    let document: PDFDocument
    /// 0-based.
    let index: Int

    init(document: PDFDocument, index: Int) {
        self.document = document
        self.index = index
    }

    func draw(x: Int, y: Int, width: Int, height: Int, scale: Double) -> [UInt32]? {
        document.draw(page: index, x: x, y: y, width: width, height: height, scale: scale)
    }
}
