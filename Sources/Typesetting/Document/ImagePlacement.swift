import BookModel

/// The size a block image is drawn at: the size the book asks for (in CSS
/// pixels, drawn at the reader's size over 16 px), else its own, or a
/// fraction of the measure when the book gives one; then scaled down, the
/// aspect kept, until it fits the width of its block and the height of a
/// page. An image is never cut.
enum ImagePlacement {
    /// The reader's body size a CSS pixel is drawn at, as CSS's 16 px medium.
    static let cssMedium = 16.0

    static func drawnSize(natural: (width: Int, height: Int), asked: (width: Int?, height: Int?),
                          widthFraction: Double?, fontSize: Int,
                          fitting available: (width: Int, height: Int)) -> (width: Int, height: Int) {
        let naturalWidth = Double(max(1, natural.width)), naturalHeight = Double(max(1, natural.height))
        let aspect = naturalHeight / naturalWidth
        var width: Double, height: Double
        switch (asked.width.flatMap { $0 > 0 ? $0 : nil }, asked.height.flatMap { $0 > 0 ? $0 : nil }) {
        case let (w?, h?): (width, height) = (Double(w), Double(h))
        case let (w?, nil): (width, height) = (Double(w), Double(w) * aspect)
        case let (nil, h?): (width, height) = (Double(h) / aspect, Double(h))
        case (nil, nil): (width, height) = (naturalWidth, naturalHeight)
        }
        let scale = Double(fontSize) / cssMedium
        width *= scale
        height *= scale
        if let fraction = widthFraction, fraction > 0 {
            let ratio = height / width
            width = Double(available.width) * min(1, fraction)
            height = width * ratio
        }
        let fit = min(1, Double(available.width) / width, Double(available.height) / height)
        return (max(1, Int((width * fit).rounded(.down))), max(1, Int((height * fit).rounded(.down))))
    }

    /// The room a floated picture is fitted in: never wider than half the
    /// column nor than its block with the margins, and a page high with them.
    static func floatFitting(_ box: FloatBox, available: Int, geometry: PageGeometry) -> (width: Int, height: Int) {
        let width = min(available - box.marginLeft - box.marginRight, Int(geometry.measure) / 64 / 2)
        let height = geometry.contentHeight - box.marginTop - box.marginBottom
        return (max(1, width), max(1, height))
    }
}
