import FoundationEssentials
import Geometry
import Gestures
import Glibc
import LinuxSystem
import Raster
import Reader

/// Zoom on a picture page (a PDF or comic page), in a process of its own so
/// its peak memory is the reader's alone: a pinch about the screen's centre
/// to 8x over one second, then a pan across the zoomed page from its
/// top-left corner to its bottom-right over five, a frame each 60 Hz
/// interval in real time, so the tile worker draws between frames as it
/// would on a screen. Figures: the frames' times (the session stepped and
/// composed), the tiles the compositor showed blank, and the peak RSS.
public struct ZoomBenchmark {
    let options: any BenchmarkedBook

    public init(options: any BenchmarkedBook) {
        self.options = options
    }

    private static let frameInterval = 1000.0 / 60.0
    static let scale = 8.0
    private static let pinchFrames = 60
    private static let panFrames = 300

    public func run() throws {
        let geometry = try options.geometry()
        let session = try options.openSession(geometry: geometry, snapshotFolder: nil)
        defer { session.stop() }
        session.pagination.wait { _, complete in complete }
        // A page from the middle of the book: a book's first is often nearly empty.
        let page = session.knownPageCount / 2
        session.controller.show(page: page)
        session.compose()
        session.cache.waitForRenderAhead()

        var frameTimes: [Double] = []
        var sceneTime = 0.0
        var next = monotonicMilliseconds()
        func frame(_ before: () -> Void) {
            next += Self.frameInterval
            sleepMilliseconds(next - monotonicMilliseconds())
            sceneTime += Self.frameInterval
            before()
            let started = monotonicMilliseconds()
            // A view moved directly, not by a gesture, is composed as the flick's frames are.
            if !session.advance(to: sceneTime) { session.compose() }
            frameTimes.append(monotonicMilliseconds() - started)
        }
        let centre = Point(x: Double(geometry.width) / 2, y: Double(geometry.height) / 2)
        session.handle([GestureEvent(time: sceneTime, kind: .pinchBegan(focus: centre, scale: 1))])
        for step in 1...Self.pinchFrames {
            frame {
                let scale = pow(Self.scale, Double(step) / Double(Self.pinchFrames))
                session.handle([GestureEvent(time: sceneTime, kind: .pinchChanged(focus: centre, scale: scale))])
            }
        }
        frame { session.handle([GestureEvent(time: sceneTime, kind: .pinchEnded(focus: centre, scale: Self.scale))]) }
        let reached = session.controller.zoomScale
        let content = session.controller.scrollView.contentSize
        let room = Point(x: max(0, content.width - Double(geometry.width)), y: max(0, content.height - Double(geometry.height)))
        for step in 0...Self.panFrames {
            frame {
                let fraction = Double(step) / Double(Self.panFrames)
                session.controller.scrollView.contentOffset = Point(x: room.x * fraction, y: room.y * fraction)
            }
        }
        var result = JSONLine()
        result.add("zoom8_frame_p99_ms", BenchClock.percentile(frameTimes, 0.99))
        result.add("zoom8_frame_median_ms", BenchClock.median(frameTimes))
        result.add("zoom8_frames", frameTimes.count)
        result.add("zoom8_blank_tiles", session.blankTiles)
        result.add("zoom8_scale", reached)
        result.add("zoom8_page", session.pageIndexInBook + 1)
        result.add("zoom8_peak_rss_mb", BenchClock.statusMegabytes("VmHWM"))
        print(result.text)
    }
}

extension Benchmark {
    /// The zoom figures of a book of pictures, measured in a process of their own.
    func measureZoom(into result: inout JSONLine) throws {
        let zoom = try child(["bench-zoom"])
        for key in ["zoom8_frame_p99_ms", "zoom8_frame_median_ms", "zoom8_frames", "zoom8_blank_tiles", "zoom8_scale",
                    "zoom8_page", "zoom8_peak_rss_mb"] {
            if let value = zoom[key] { result.add(key, value) }
        }
    }
}
