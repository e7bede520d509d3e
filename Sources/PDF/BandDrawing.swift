import Threading

/// The lower band of a large region of a page, drawn on a thread of its
/// own while the caller draws the upper one (MuPDF draws each with a
/// context of its own).
final class BandDrawing: @unchecked Sendable {
    /// Rows of the caller's pixels, which outlive the drawing: the caller
    /// waits for `finish` before it lets them go.
    private struct Target: @unchecked Sendable {
        let pixels: UnsafeMutablePointer<UInt32>
    }

    private let condition = Condition()
    private var drawn: Bool?

    init(document: PDFDocument, page: Int, x: Int, y: Int, width: Int, height: Int, scale: Double,
         into pixels: UnsafeMutablePointer<UInt32>) {
        let target = Target(pixels: pixels)
        do {
            try DetachedThread.start(name: "pdf band") { [self] in
                let result = document.drawBand(page: page, x: x, y: y, width: width, height: height, scale: scale,
                                               into: target.pixels)
                condition.withLock {
                    drawn = result
                    condition.broadcast()
                }
            }
        } catch {
            // No thread to spare: drawn here.
            drawn = document.drawBand(page: page, x: x, y: y, width: width, height: height, scale: scale, into: pixels)
        }
    }

    /// Waits for the band; whether it was drawn.
    func finish() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while drawn == nil { condition.wait() }
        return drawn ?? false
    }
}
