import Devices
import Geometry
import LinuxSystem
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
        didSet {
            if background != oldValue {
                frameWasDrawnOver()
                scanoutRecords = []
            }
        }
    }

    /// A page's pixels, the rows its glyphs were drawn on, the columns of
    /// each that may not be background (nil: all of them), and which
    /// drawing of its buffer this is (another number: another picture).
    public struct PageImage {
        public var pixels: PixelBuffer
        public var ink: InkRows
        public var columns: InkColumns?
        public var drawing: Int
        public init(pixels: PixelBuffer, ink: InkRows, columns: InkColumns? = nil, drawing: Int = 0) {
            self.pixels = pixels
            self.ink = ink
            self.columns = columns
            self.drawing = drawing
        }
    }

    /// What a frame (or a display's back buffer) holds, as far as the
    /// compositor knows: the rows that may hold anything but background,
    /// the paging picture in it (nil when unknown), and the rows something
    /// else drew over that picture, written again at the next composition.
    struct FrameRecord {
        var key: FrameKey
        var ink: InkRows
        var picture: PictureKey?
        var foreign: RowSet
        /// The columns of each row of `ink` that may not be background;
        /// nil: all of them.
        var columns: InkColumns? = nil
    }

    /// Which frame a record is of: its storage, size and content generation.
    struct FrameKey: Equatable {
        var storage: UInt
        var width: Int
        var height: Int
        var generation: Int
    }

    /// What the paging picture was made of: the offset, the caller's
    /// version and the drawings of the two pages. The same again changes
    /// nothing.
    struct PictureKey: Equatable {
        var x: Int
        var version: Int
        var left: Int?
        var right: Int?
    }

    /// The frame in RAM last composed into; nil when not known.
    var lastFrame: FrameRecord?
    /// The display back buffers composed into straight (see `Compositor+Scanout`).
    var scanoutRecords: [FrameRecord] = []
    /// Tiles of zoomed pictures composed with nothing to show, neither
    /// sharp nor magnified (see `Compositor+Tiles`), so far.
    public internal(set) var blankTiles = 0

    /// How rows go into a display's buffer: streamed past the cache, 32
    /// bytes a store where the processor has AVX2.
    let scanoutStores = RowStores.bestStreaming

    public init(width: Int, height: Int, background: UInt32) {
        self.width = width
        self.height = height
        self.background = background
    }

    /// Something else drew into the frame (a zoomed page): its next
    /// composition writes every row. A new background does the same to
    /// the back buffers too.
    public mutating func frameWasDrawnOver() {
        lastFrame = nil
    }

    /// Something was drawn over `rows` of the frame (a screen's panel):
    /// those rows are written again when it is next composed.
    public mutating func rowsWereDrawnOver(_ rows: Range<Int>) {
        lastFrame?.ink.insert(rows)
        lastFrame?.foreign.insert(rows)
        for row in rows { lastFrame?.columns?.set(0..<width, of: row) }
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
    /// frame as it is, but for rows drawn over since and `rows`, which are
    /// written again whatever. The frame is written in one pass, row after
    /// row, each row copied from the two pages side by side, except rows
    /// already background that stay so.
    @discardableResult
    public mutating func composePaging(offsetX: Double, version: Int, rows again: Range<Int>? = nil,
                                       into frame: inout PixelBuffer, page: (Int) -> PageImage?) -> FrameDamage {
        guard frame.width >= width else { return FrameDamage(rows: frame.height) }
        let stride = frame.stride, frameHeight = frame.height
        let key = FrameKey(storage: frame.withUnsafeBytes { UInt(bitPattern: $0.baseAddress) }, width: frame.width,
                           height: frameHeight, generation: 0)
        var record = lastFrame
        let damage = frame.withUnsafeMutablePixels { pixels in
            // Precondition: the frame holds at least `width` x `height` pixels (checked above).
            compose(offsetX: offsetX, version: version, again: again, into: pixels.baseAddress!, stride: stride,
                    key: key, streaming: false, record: &record, page: page)
        }
        lastFrame = record
        return damage
    }

    /// Composes the paging view into the frame at `base` (rows `stride`
    /// pixels apart, `key.height` of them) as `composePaging` does, keeping
    /// `record` of what it holds. Writes in order, never reads the frame.
    /// `streaming`: the frame is a display's buffer, never read back: its
    /// rows are written with non-temporal stores.
    mutating func compose(offsetX: Double, version: Int, again: Range<Int>?, into base: UnsafeMutablePointer<UInt32>,
                          stride frameStride: Int, key: FrameKey, streaming: Bool, record: inout FrameRecord?,
                          page: (Int) -> PageImage?) -> FrameDamage {
        let (left, shift) = Self.split(offsetX: offsetX, pageWidth: width)
        let leftWidth = width - shift
        let rows = min(height, key.height)
        let background = self.background
        let stores: RowStores = streaming ? scanoutStores : .cached
        var frameInk = InkRows.all(rows: key.height)
        let leftPage = page(left)
        let rightPage = shift > 0 ? page(left + 1) : nil
        let picture = PictureKey(x: Int(offsetX.rounded()), version: version, left: leftPage?.drawing,
                                 right: rightPage?.drawing)
        var only: RowSet?
        var heldColumns: InkColumns?
        if let last = record, last.key == key {
            frameInk = last.ink
            heldColumns = last.columns
            if picture == last.picture {
                // The same picture: only the rows drawn over since, and those asked for.
                var rewrite = last.foreign
                if let again { rewrite.insert(again) }
                guard !rewrite.isEmpty else { return FrameDamage(rows: key.height) }
                only = rewrite
            }
        }
        // Rows either page has ink on are copied; rows that may hold
        // anything but background and have no ink now are cleared; the
        // rest stay as they are. Worked out a word of rows at a time.
        let leftInk = leftPage?.ink ?? InkRows(rows: 0), rightInk = rightPage?.ink ?? InkRows(rows: 0)
        var inked = InkRows(rows: key.height)
        withRows(of: leftPage?.pixels, rows: rows) { leftRows, _ in
            if leftRows != nil { inked.formUnion(leftInk.resized(to: key.height)) }
        }
        if shift > 0 {
            withRows(of: rightPage?.pixels, rows: rows) { rightRows, _ in
                if rightRows != nil { inked.formUnion(rightInk.resized(to: key.height)) }
            }
        }
        let heldInk = frameInk
        var write = inked
        write.formUnion(frameInk)
        if let only { write.formIntersection(only) }
        if rows < key.height { write.formIntersection(RowSet.all(rows: rows).resized(to: key.height)) }
        var written = inked
        written.formIntersection(write)
        frameInk.subtract(write)
        frameInk.formUnion(written)
        // Within a row, only the columns between the first and the last
        // that may not be background, now or in what the frame held.
        var columns = heldColumns ?? InkColumns(rows: key.height, spanning: 0..<width)
        let leftColumns = leftPage?.columns, rightColumns = rightPage?.columns
        let wholeRows = only != nil
        withRows(of: leftPage?.pixels, rows: rows) { leftRows, leftStride in
            withRows(of: rightPage?.pixels, rows: rows) { rightRows, rightStride in
                write.forEachRun { run in
                    for y in run {
                        let row = base + y * frameStride
                        let leftInked = leftRows != nil && leftInk.contains(y)
                        let rightInked = shift > 0 && rightRows != nil && rightInk.contains(y)
                        // The row's ink now, in frame columns: each page's, moved by the offset.
                        var ink = 0..<0
                        if leftInked {
                            let span = leftColumns?.span(of: y) ?? 0..<width
                            ink = Self.hull(ink, Self.columns(span.lowerBound - shift, span.upperBound - shift, within: 0, leftWidth))
                        }
                        if rightInked {
                            let span = rightColumns?.span(of: y) ?? 0..<width
                            ink = Self.hull(ink, Self.columns(span.lowerBound + leftWidth, span.upperBound + leftWidth,
                                                              within: leftWidth, width))
                        }
                        var span = ink
                        if wholeRows {
                            span = 0..<width
                        } else if heldInk.contains(y) {
                            span = Self.hull(span, columns.span(of: y))
                        }
                        columns.set(ink, of: y)
                        // A page's part of the row is copied only where the page has ink on
                        // it; else it is background, written without reading the page. Past
                        // the first or last page the rubber band shows the background too.
                        let leftEnd = min(span.upperBound, leftWidth)
                        if span.lowerBound < leftEnd {
                            let count = leftEnd - span.lowerBound
                            if leftInked, let leftRows {
                                Self.copy(to: row + span.lowerBound, from: leftRows + y * leftStride + shift + span.lowerBound,
                                          count: count, stores: stores)
                            } else {
                                Self.fill(row + span.lowerBound, with: background, count: count, stores: stores)
                            }
                        }
                        let rightStart = max(span.lowerBound, leftWidth)
                        guard shift > 0, rightStart < span.upperBound else { continue }
                        let count = span.upperBound - rightStart
                        if rightInked, let rightRows {
                            Self.copy(to: row + rightStart, from: rightRows + y * rightStride + (rightStart - leftWidth),
                                      count: count, stores: stores)
                        } else {
                            Self.fill(row + rightStart, with: background, count: count, stores: stores)
                        }
                    }
                }
            }
        }
        if streaming { RowStores.finishStreaming() }
        record = FrameRecord(key: key, ink: frameInk, picture: picture, foreign: RowSet(rows: key.height),
                             columns: columns)
        return write
    }

    /// Columns `first..<end` clipped to `low..<high`; empty when nothing is left.
    @inline(__always)
    static func columns(_ first: Int, _ end: Int, within low: Int, _ high: Int) -> Range<Int> {
        let from = max(first, low), to = min(end, high)
        return from < to ? from..<to : 0..<0
    }

    /// The smallest range holding both (an empty one holds nothing).
    @inline(__always)
    static func hull(_ a: Range<Int>, _ b: Range<Int>) -> Range<Int> {
        guard !b.isEmpty else { return a }
        guard !a.isEmpty else { return b }
        return min(a.lowerBound, b.lowerBound)..<max(a.upperBound, b.upperBound)
    }

    /// A row part, copied with the platform's best row copy, or streamed
    /// past the cache into a display's buffer.
    @inline(__always)
    static func copy(to destination: UnsafeMutablePointer<UInt32>, from source: UnsafePointer<UInt32>, count: Int,
                     stores: RowStores) {
        stores.copy(to: destination, from: source, count: count)
    }

    @inline(__always)
    static func fill(_ destination: UnsafeMutablePointer<UInt32>, with pixel: UInt32, count: Int, stores: RowStores) {
        stores.fill(destination, with: pixel, count: count)
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
        lastFrame = nil
        magnify(page, scale: scale, offsetX: offsetX, offsetY: offsetY,
                region: PixelRect(x: 0, y: 0, width: width, height: height), into: &frame)
    }

    /// Magnifies into `region` of the frame only, as `composeMagnified` does the whole.
    func magnify(_ page: PixelBuffer, scale: Double, offsetX: Double, offsetY: Double, region: PixelRect,
                 into frame: inout PixelBuffer) {
        guard let region = region.intersection(PixelRect(x: 0, y: 0, width: min(width, frame.width),
                                                         height: min(height, frame.height))),
              page.width > 0, page.height > 0 else { return }
        let inverse = 1 / scale
        let maxX = page.width - 1, maxY = page.height - 1
        let background = self.background
        let left = region.x, right = region.maxX
        var columns = [SourceSpan](repeating: SourceSpan(first: 0, second: 0, weight: 0, inside: false), count: region.width)
        for x in left..<right {
            let pageX = (Double(x) + offsetX + 0.5) * inverse - 0.5
            columns[x - left] = SourceSpan(position: pageX, last: maxX)
        }
        // A source row mixed across once serves every frame row between it
        // and the next (eight of them at 8x): each frame pixel is then one
        // mix between two such rows. Mixing across gathers each column's
        // two source pixels, then mixes them a byte at a time with the
        // column's weight, kept for each of its bytes; columns off the page
        // are background.
        let count = columns.count
        var rows = [UInt32](repeating: background, count: 4 * count)
        var weights = [UInt16](repeating: 0, count: 4 * count)
        var outside: [Int] = []
        for x in 0..<count {
            if !columns[x].inside { outside.append(x) }
            for byte in 0..<4 { weights[4 * x + byte] = UInt16(columns[x].weight) }
        }
        page.withUnsafeBytes { sourceBytes in
            let sourceStride = page.stride, stride = frame.stride
            frame.withUnsafeMutablePixels { pixels in
                columns.withUnsafeBufferPointer { columns in
                    rows.withUnsafeMutableBufferPointer { rows in
                        weights.withUnsafeBufferPointer { weights in
                            // Preconditions: the page is not empty (checked above), the frame holds
                            // the region (clipped above), and `rows` holds four rows of `count`.
                            let source = sourceBytes.bindMemory(to: UInt32.self).baseAddress!
                            let frameBase = pixels.baseAddress!, columns = columns.baseAddress!
                            let weights = weights.baseAddress!
                            var upper = rows.baseAddress!, lower = upper + count
                            let firsts = lower + count, seconds = firsts + count
                            var upperSource = -1, lowerSource = -1
                            func mixAcross(_ row: Int, into mixed: UnsafeMutablePointer<UInt32>) {
                                let line = source + row * sourceStride
                                for x in 0..<count {
                                    firsts[x] = line[columns[x].first]
                                    seconds[x] = line[columns[x].second]
                                }
                                Self.mixColumns(firsts, seconds, weights: weights, into: mixed, count: count)
                                for x in outside { mixed[x] = background }
                            }
                            for y in region.rows {
                                let row = frameBase + y * stride + left
                                let span = SourceSpan(position: (Double(y) + offsetY + 0.5) * inverse - 0.5, last: maxY)
                                guard span.inside else {
                                    row.update(repeating: background, count: count)
                                    continue
                                }
                                if span.first != upperSource {
                                    if span.first == lowerSource {
                                        swap(&upper, &lower)
                                        lowerSource = upperSource
                                    } else {
                                        mixAcross(span.first, into: upper)
                                    }
                                    upperSource = span.first
                                }
                                if span.second != lowerSource {
                                    mixAcross(span.second, into: lower)
                                    lowerSource = span.second
                                }
                                Self.mixRows(upper, lower, weight: span.weight, into: row, count: count)
                            }
                        }
                    }
                }
            }
        }
    }

    /// Each pixel of `mixed` from `first`'s and `second`'s, each byte
    /// `weights` of 256 toward `second`'s, as `mix` does.
    static func mixColumns(_ first: UnsafePointer<UInt32>, _ second: UnsafePointer<UInt32>, weights: UnsafePointer<UInt16>,
                           into mixed: UnsafeMutablePointer<UInt32>, count: Int) {
        let bytes = count * 4
        UnsafeRawPointer(first).withMemoryRebound(to: UInt8.self, capacity: bytes) { first in
            UnsafeRawPointer(second).withMemoryRebound(to: UInt8.self, capacity: bytes) { second in
                UnsafeMutableRawPointer(mixed).withMemoryRebound(to: UInt8.self, capacity: bytes) { mixed in
                    for index in 0..<bytes {
                        let weight = weights[index]
                        mixed[index] = UInt8(truncatingIfNeeded: (UInt16(first[index]) &* (256 &- weight)
                            &+ UInt16(second[index]) &* weight) >> 8)
                    }
                }
            }
        }
    }

    /// Each pixel of `row` mixed from `upper`'s and `lower`'s at `weight`
    /// of 256 toward `lower`, as `mix` does, a byte at a time: each byte's
    /// sum stays within 16 bits, so the processor mixes many bytes at once.
    static func mixRows(_ upper: UnsafePointer<UInt32>, _ lower: UnsafePointer<UInt32>, weight: UInt32,
                        into row: UnsafeMutablePointer<UInt32>, count: Int) {
        guard weight > 0 else { return row.update(from: upper, count: count) }
        let keep = UInt16(256 - weight), toward = UInt16(weight)
        let bytes = count * 4
        UnsafeRawPointer(upper).withMemoryRebound(to: UInt8.self, capacity: bytes) { upper in
            UnsafeRawPointer(lower).withMemoryRebound(to: UInt8.self, capacity: bytes) { lower in
                UnsafeMutableRawPointer(row).withMemoryRebound(to: UInt8.self, capacity: bytes) { row in
                    for index in 0..<bytes {
                        row[index] = UInt8(truncatingIfNeeded: (UInt16(upper[index]) &* keep &+ UInt16(lower[index]) &* toward) >> 8)
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
