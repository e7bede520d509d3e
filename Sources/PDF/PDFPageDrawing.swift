import BookModel

/// Draws one page of a PDF through MuPDF, only the part asked for: the
/// screen's page at its scale, or one tile of it zoomed. The page a book
/// opens at may have been drawn ahead already.
final class PDFPageDrawing: PageDrawing {
    let document: PDFDocument
    /// 0-based.
    let index: Int
    private let drawnAhead: PageReadAhead

    init(document: PDFDocument, index: Int, drawnAhead: PageReadAhead) {
        self.document = document
        self.index = index
        self.drawnAhead = drawnAhead
    }

    func draw(x: Int, y: Int, width: Int, height: Int, scale: Double) -> [UInt32]? {
        let region = PageReadAhead.Region(x: x, y: y, width: width, height: height, scale: scale)
        if let pixels = drawnAhead.takeDrawing(page: index, region: region) { return pixels }
        return document.draw(page: index, x: x, y: y, width: width, height: height, scale: scale)
    }
}
