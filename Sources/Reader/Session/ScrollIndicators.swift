import Geometry
import Raster

/// The thin bars a zoomed page shows while it moves, as UIScrollView's
/// scroll indicators: a horizontal and a vertical bar giving the viewport's
/// place within the page. They show while the view moves and flash when
/// zooming starts, then fade out about half a second after the motion
/// stops. They are drawn last, translucent ink over the frame; the pixels
/// under them are kept, so a fade step rewrites only the bars.
struct ScrollIndicators {
    /// How long the bars stay after the last motion before they fade, and the fade (ms).
    static let holdDuration = 300.0
    static let fadeDuration = 200.0
    static let thickness = 5
    /// Gap between a bar and the screen edge.
    static let inset = 3
    static let minimumLength = 24
    /// The ink's share of a bar pixel at full opacity, of 256.
    static let fullWeight = 140.0

    /// When the zoomed view last moved; nil when no bars are due.
    private(set) var lastMotion: Double?
    /// The rectangles the bars cover in the frame and the pixels under them.
    private var covered: [(rect: PixelRect, pixels: [UInt32])] = []
    /// The ink weight the bars in the frame were drawn with (0: none drawn).
    private var drawnWeight: UInt32 = 0

    /// A message of the scroll view at `time`: motion of a zoomed view shows the bars.
    mutating func note(_ message: ScrollMessage, zoomed: Bool, at time: Double) {
        guard zoomed else {
            lastMotion = nil
            return
        }
        switch message {
        case .didScroll, .didZoom, .willBeginZooming: lastMotion = time
        default: break
        }
    }

    /// True while the bars show or have yet to finish fading at `time`.
    func isShowing(at time: Double) -> Bool {
        guard let lastMotion else { return false }
        return time < lastMotion + Self.holdDuration + Self.fadeDuration
    }

    /// The ink weight of the bars at `time` (0: gone).
    func weight(at time: Double) -> UInt32 {
        guard let lastMotion else { return 0 }
        let fading = time - lastMotion - Self.holdDuration
        let opacity = fading <= 0 ? 1 : max(0, 1 - fading / Self.fadeDuration)
        return UInt32((opacity * Self.fullWeight).rounded())
    }

    /// The bars' rectangles for a viewport showing `content` (its size at the
    /// zoom scale) from `offset`: none along an axis the content does not exceed.
    static func bars(width: Int, height: Int, offset: Point, content: Size) -> [PixelRect] {
        var bars: [PixelRect] = []
        let corner = inset + thickness + inset
        if content.width > Double(width) + 0.5,
           let (start, length) = span(track: width - inset - corner, offset: offset.x,
                                      visible: Double(width), content: content.width) {
            bars.append(PixelRect(x: inset + start, y: height - inset - thickness, width: length, height: thickness))
        }
        if content.height > Double(height) + 0.5,
           let (start, length) = span(track: height - inset - corner, offset: offset.y,
                                      visible: Double(height), content: content.height) {
            bars.append(PixelRect(x: width - inset - thickness, y: inset + start, width: thickness, height: length))
        }
        return bars
    }

    /// Where along a track of `track` px a bar shows the visible part of
    /// the content; past an edge the bar shortens, never below the minimum.
    private static func span(track: Int, offset: Double, visible: Double, content: Double) -> (Int, Int)? {
        guard track > minimumLength, content > 0 else { return nil }
        let scale = Double(track) / content
        var start = max(0, offset * scale)
        var end = min(Double(track), (offset + visible) * scale)
        if end - start < Double(minimumLength) {
            if start + Double(minimumLength) > Double(track) { start = Double(track - minimumLength) }
            end = start + Double(minimumLength)
        }
        let first = Int(start.rounded())
        return (first, Int(end.rounded()) - first)
    }

    /// Brings the bars in `frame` up to `time`: puts back what they covered
    /// and draws them again when their weight changed, or at all when the
    /// frame was `redrawn` (the page composed afresh under them). Returns
    /// the rows written, or nil when the frame is unchanged.
    mutating func update(in frame: inout PixelBuffer, bars: [PixelRect], ink: UInt32, at time: Double,
                         redrawn: Bool) -> Range<Int>? {
        if redrawn {
            covered = []
            drawnWeight = 0
        }
        let weight = weight(at: time)
        if weight == 0, !isShowing(at: time) { lastMotion = nil }
        guard weight != drawnWeight else { return nil }
        var rows = restore(into: &frame)
        if weight > 0 {
            for rect in bars {
                guard let drawn = draw(rect, in: &frame, ink: ink, weight: weight) else { continue }
                rows = rows.map { min($0.lowerBound, drawn.lowerBound)..<max($0.upperBound, drawn.upperBound) } ?? drawn
            }
        }
        drawnWeight = weight
        return rows
    }

    /// Puts back the pixels under the bars; the rows written, if any.
    private mutating func restore(into frame: inout PixelBuffer) -> Range<Int>? {
        defer { covered = [] }
        var rows: Range<Int>?
        let stride = frame.stride
        for (rect, pixels) in covered {
            frame.withUnsafeMutablePixels { destination in
                for row in 0..<rect.height {
                    let base = (rect.y + row) * stride + rect.x
                    for column in 0..<rect.width { destination[base + column] = pixels[row * rect.width + column] }
                }
            }
            let written = rect.y..<(rect.y + rect.height)
            rows = rows.map { min($0.lowerBound, written.lowerBound)..<max($0.upperBound, written.upperBound) } ?? written
        }
        return rows
    }

    /// Blends ink over `rect` (clipped to the frame), keeping what was under it.
    private mutating func draw(_ rect: PixelRect, in frame: inout PixelBuffer, ink: UInt32, weight: UInt32) -> Range<Int>? {
        let x0 = max(0, rect.x), y0 = max(0, rect.y)
        let x1 = min(frame.width, rect.x + rect.width), y1 = min(frame.height, rect.y + rect.height)
        guard x1 > x0, y1 > y0 else { return nil }
        let clipped = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        var under = [UInt32](repeating: 0, count: clipped.width * clipped.height)
        let stride = frame.stride
        frame.withUnsafeMutablePixels { pixels in
            for row in 0..<clipped.height {
                let base = (y0 + row) * stride + x0
                for column in 0..<clipped.width {
                    let pixel = pixels[base + column]
                    under[row * clipped.width + column] = pixel
                    pixels[base + column] = Compositor.mix(pixel, ink, weight)
                }
            }
        }
        covered.append((clipped, under))
        return y0..<y1
    }
}

extension ScrollIndicators {
    /// Brings the bars in `frame` up to `controller`'s time (`redrawn`:
    /// the frame was just composed under them); the rows they wrote, nil
    /// when the frame did not change.
    mutating func update(in frame: inout PixelBuffer, controller: PagingController, ink: UInt32,
                         redrawn: Bool) -> Range<Int>? {
        let bars = controller.isZoomed
            ? Self.bars(width: frame.width, height: frame.height, offset: controller.screenZoomOffset,
                        content: controller.scrollView.contentSize)
            : []
        return update(in: &frame, bars: bars, ink: ink, at: controller.now, redrawn: redrawn)
    }
}
