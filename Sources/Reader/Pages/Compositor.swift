import CLinux
import Devices
import Raster

/// Builds each frame from the page buffers: in paging mode the (at most)
/// two pages under the viewport, copied row by row at the scroll offset;
/// while a zoom is in motion the current page magnified from its buffer.
///
/// Rows that are background in both pages are background in the frame at
/// any offset: the compositor remembers which rows of the frame it left
/// background, and does not write them again while they stay so (the
/// margins and the space between lines).
public struct Compositor {
    public let width: Int
    public let height: Int
    public var background: UInt32 {
        didSet { if background != oldValue { frameWasDrawnOver() } }
    }

    /// A page's pixels, the rows its glyphs were drawn on, and which
    /// drawing of its buffer this is (another number: another picture).
    public struct PageImage {
        public var pixels: PixelBuffer
        public var ink: InkRows
        public var drawing: Int
        public init(pixels: PixelBuffer, ink: InkRows, drawing: Int = 0) {
            self.pixels = pixels
            self.ink = ink
            self.drawing = drawing
        }
    }

    /// The frame last composed into (its storage and size) and the rows of
    /// it that may hold anything but background; nil when not known.
    private var lastFrame: (storage: UInt, width: Int, height: Int, ink: InkRows)?
    /// What the paging picture in the frame was made of: the offset, the
    /// caller's version and the drawings of the two pages. The same again
    /// changes nothing.
    private var lastPicture: PictureKey?

    private struct PictureKey: Equatable {
        var x: Int
        var version: Int
        var left: Int?
        var right: Int?
    }

    public init(width: Int, height: Int, background: UInt32) {
        self.width = width
        self.height = height
        self.background = background
    }

    /// Something else drew into the frame (a zoomed page): its next
    /// composition writes every row.
    public mutating func frameWasDrawnOver() {
        lastFrame = nil
        lastPicture = nil
    }

    /// Something was drawn over `rows` of the frame (an overlay's panel):
    /// those rows are written again when they are next composed.
    public mutating func rowsWereDrawnOver(_ rows: Range<Int>) {
        lastFrame?.ink.insert(rows)
    }

    /// The page index at the viewport's left edge and how far into it the edge lies.
    public static func split(offsetX: Double, pageWidth: Int) -> (page: Int, shift: Int) {
        let x = Int(offsetX.rounded())
        let page = x >= 0 ? x / pageWidth : -((-x + pageWidth - 1) / pageWidth)
        return (page, x - page * pageWidth)
    }

    /// Composes the paging view at `offsetX` and returns the rows it wrote.
    /// `page` gives a page's image, or nil when there is none (past either
    /// end); `version` changes whenever anything else about the picture
    /// may have. The same offset, version and page drawings again leave the
    /// frame as it is, but for `rows`, which are written again whatever. The frame is written in
    /// one pass, row after row, each row copied from the two pages side by
    /// side, except rows already background that stay so.
    @discardableResult
    public mutating func composePaging(offsetX: Double, version: Int, rows again: Range<Int>? = nil,
                                       into frame: inout PixelBuffer, page: (Int) -> PageImage?) -> FrameDamage {
        let (left, shift) = Self.split(offsetX: offsetX, pageWidth: width)
        let leftWidth = width - shift
        let rows = min(height, frame.height)
        let frameStride = frame.stride
        var damage = FrameDamage(rows: frame.height)
        guard frame.width >= width else { return damage }
        let background = self.background
        let storage = frame.withUnsafeBytes { UInt(bitPattern: $0.baseAddress) }
        var frameInk = InkRows.all(rows: frame.height)
        let leftPage = page(left)
        let rightPage = shift > 0 ? page(left + 1) : nil
        let picture = PictureKey(x: Int(offsetX.rounded()), version: version, left: leftPage?.drawing,
                                 right: rightPage?.drawing)
        var range = 0..<rows
        if let last = lastFrame, last.storage == storage, last.width == frame.width, last.height == frame.height {
            frameInk = last.ink
            if picture == lastPicture {
                guard let again else { return damage }
                range = again.clamped(to: 0..<rows)
            }
        }
        // Taken out of the optionals once, not for every row.
        let leftInk = leftPage?.ink ?? InkRows(rows: 0), rightInk = rightPage?.ink ?? InkRows(rows: 0)
        withRows(of: leftPage?.pixels, rows: rows) { leftRows, leftStride in
            withRows(of: rightPage?.pixels, rows: rows) { rightRows, rightStride in
                frame.withUnsafeMutablePixels { pixels in
                    // Precondition: the frame holds at least `width` x `rows` pixels (checked above).
                    let base = pixels.baseAddress!
                    for y in range {
                        let row = base + y * frameStride
                        let leftInked = leftRows != nil && leftInk.contains(y)
                        let rightInked = shift > 0 && rightRows != nil && rightInk.contains(y)
                        guard leftInked || rightInked else {
                            if frameInk.contains(y) {
                                row.update(repeating: background, count: width)
                                frameInk.remove(y)
                                damage.insert(y..<(y + 1))
                            }
                            continue
                        }
                        frameInk.insert(y..<(y + 1))
                        damage.insert(y..<(y + 1))
                        // A page's part of the row is copied only where the page has ink on
                        // it; else it is background, written without reading the page. Past
                        // the first or last page the rubber band shows the background too.
                        if leftInked, let leftRows {
                            Self.copyPixels(to: row, from: leftRows + y * leftStride + shift, count: leftWidth)
                        } else {
                            row.update(repeating: background, count: leftWidth)
                        }
                        guard shift > 0 else { continue }
                        if rightInked, let rightRows {
                            Self.copyPixels(to: row + leftWidth, from: rightRows + y * rightStride, count: shift)
                        } else {
                            (row + leftWidth).update(repeating: background, count: shift)
                        }
                    }
                }
            }
        }
        lastFrame = (storage, frame.width, frame.height, frameInk)
        lastPicture = picture
        return damage
    }

    /// A row part, copied with the platform's best row copy (`CLinux_copyRow`).
    @inline(__always)
    static func copyPixels(to destination: UnsafeMutablePointer<UInt32>, from source: UnsafePointer<UInt32>, count: Int) {
        CLinux_copyRow(destination, source, count * MemoryLayout<UInt32>.size)
    }

    /// Lends the pixels of a page buffer that covers the viewport, with its
    /// stride; nil for no page or one of another size.
    private func withRows(of page: PixelBuffer?, rows: Int, _ body: (UnsafePointer<UInt32>?, Int) -> Void) {
        guard let page, page.width >= width, page.height >= rows else { return body(nil, 0) }
        page.withUnsafeBytes { raw in body(raw.bindMemory(to: UInt32.self).baseAddress, page.stride) }
    }

    /// Magnifies `page` by `scale` with the zoomed content offset `offset`
    /// at the viewport's top-left, bilinear (fast enough during a pinch):
    /// the source columns and weights are worked out once per frame, so
    /// the per-pixel work is integer only.
    public mutating func composeMagnified(_ page: PixelBuffer, scale: Double, offsetX: Double, offsetY: Double,
                                          into frame: inout PixelBuffer) {
        frameWasDrawnOver()
        let inverse = 1 / scale
        let maxX = page.width - 1, maxY = page.height - 1
        let background = self.background
        let width = self.width
        var columns = [SourceSpan](repeating: SourceSpan(first: 0, second: 0, weight: 0, inside: false), count: width)
        for x in 0..<width {
            let pageX = (Double(x) + offsetX + 0.5) * inverse - 0.5
            columns[x] = SourceSpan(position: pageX, last: maxX)
        }
        page.withUnsafeBytes { sourceBytes in
            let source = sourceBytes.bindMemory(to: UInt32.self)
            let sourceStride = page.stride
            let stride = frame.stride
            frame.withUnsafeMutablePixels { pixels in
                columns.withUnsafeBufferPointer { columns in
                    for y in 0..<height {
                        let row = y * stride
                        let span = SourceSpan(position: (Double(y) + offsetY + 0.5) * inverse - 0.5, last: maxY)
                        guard span.inside else {
                            for x in 0..<width { pixels[row + x] = background }
                            continue
                        }
                        let top = span.first * sourceStride, bottom = span.second * sourceStride
                        for x in 0..<width {
                            let column = columns[x]
                            guard column.inside else { pixels[row + x] = background; continue }
                            let upper = Self.mix(source[top + column.first], source[top + column.second], column.weight)
                            let lower = Self.mix(source[bottom + column.first], source[bottom + column.second], column.weight)
                            pixels[row + x] = Self.mix(upper, lower, span.weight)
                        }
                    }
                }
            }
        }
    }

    /// The two source pixels a destination pixel falls between along one
    /// axis, and the weight (of 256) of the second.
    struct SourceSpan {
        var first: Int
        var second: Int
        var weight: UInt32
        /// False when the position lies off the page (the background shows).
        var inside: Bool

        init(first: Int, second: Int, weight: UInt32, inside: Bool) {
            self.first = first
            self.second = second
            self.weight = weight
            self.inside = inside
        }

        init(position: Double, last: Int) {
            inside = position >= -0.5 && position <= Double(last) + 0.5
            first = max(0, min(last, Int(position.rounded(.down))))
            second = min(last, first + 1)
            weight = UInt32(max(0, min(1, position - Double(first))) * 256)
        }
    }

    /// Linear mix of two XRGB pixels, `weight` of 256 toward `b`.
    @inline(__always)
    static func mix(_ a: UInt32, _ b: UInt32, _ weight: UInt32) -> UInt32 {
        let keep = 256 - weight
        let redBlue = ((a & 0xFF00FF) &* keep &+ (b & 0xFF00FF) &* weight) >> 8 & 0xFF00FF
        let green = ((a & 0x00FF00) &* keep &+ (b & 0x00FF00) &* weight) >> 8 & 0x00FF00
        return redBlue | green
    }
}
