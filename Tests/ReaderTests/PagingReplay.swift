import Geometry
import Gestures
@testable import Reader

extension PagingController {
    /// Feeds `frames` through a gesture recognizer for a screen `width`
    /// wide, stepping 60 Hz frames between them, then lets the page
    /// settle; the virtual time it settled at.
    @discardableResult
    func replay(_ frames: [TouchFrame], screenWidth width: Double) -> Double {
        var recognizer = GestureRecognizer(configuration: GestureConfiguration(screenWidth: width))
        var timeline = VirtualTimeline(start: frames[0].time)
        for frame in frames {
            for tick in timeline.frames(upTo: frame.time) {
                handle(recognizer.advance(to: tick))
                advance(to: tick)
            }
            handle(recognizer.process(frame))
        }
        var now = timeline.now
        while recognizer.nextDeadline != nil || isAnimating, now < timeline.now + 5000 {
            now += VirtualTimeline.frameInterval
            handle(recognizer.advance(to: now))
            advance(to: now)
        }
        return now
    }
}
