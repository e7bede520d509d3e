import Gestures
import Raster

/// Runs the reader's loop in virtual time with replayed touches: each 60 Hz
/// frame waits for the render-ahead worker (a real frame leaves it time),
/// steps the recognizer and the scroll view, and composes the frame. At the
/// end it lets taps resolve, animations stop and pagination finish.
public struct HeadlessRun {
    public let session: ReaderSession
    /// Called with every frame that changed (for --screenshot-every).
    public var onFrame: ((Int, PixelBuffer) throws -> Void)?
    /// Called before each frame with its virtual time (ms). A replay paced
    /// against a real clock waits there; nil runs as fast as possible.
    public var beforeFrame: ((Double) -> Void)?

    public init(session: ReaderSession) { self.session = session }

    public func run(_ frames: [TouchFrame]) throws {
        let geometry = session.settings.geometry
        var recognizer = GestureRecognizer(configuration: GestureConfiguration(screenWidth: Double(geometry.width)))
        var timeline = VirtualTimeline(start: frames.first?.time ?? 0)
        var frameCount = 0

        func tick(_ time: Double) throws {
            beforeFrame?(time)
            recognizer.tapZonesEnabled = !session.controller.isZoomed && !session.overlay.isVisible
            session.handle(recognizer.advance(to: time))
            session.cache.waitForRenderAhead()
            if session.advance(to: time) {
                frameCount += 1
                try onFrame?(frameCount, session.frame)
            }
        }

        try tick(timeline.now)
        for frame in frames {
            for time in timeline.frames(upTo: frame.time) { try tick(time) }
            recognizer.tapZonesEnabled = !session.controller.isZoomed && !session.overlay.isVisible
            session.handle(recognizer.process(frame))
        }
        let limit = timeline.now + VirtualTimeline.settleLimit
        while timeline.now < limit {
            try tick(timeline.nextFrame())
            let busy = recognizer.nextDeadline != nil || recognizer.fingersDown > 0 || session.controller.isAnimating
            if !busy { break }
        }
        session.handle(recognizer.settle())
        while session.controller.isAnimating, timeline.now < limit { try tick(timeline.nextFrame()) }
        // Pagination finishing grows the content; the view stays put.
        session.pagination.wait { _, complete in complete }
        try tick(timeline.nextFrame())
        session.cache.waitForRenderAhead()
        session.compose()
        session.saveNow()
    }
}
