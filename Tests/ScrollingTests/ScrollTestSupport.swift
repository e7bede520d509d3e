import Geometry
import XCTest
@testable import Scrolling

/// Records every delegate message, with the scroll view's state when it arrived.
final class RecordingDelegate: ScrollViewDelegate {
    struct Message {
        var name: String
        var offset: Point
        var isTracking: Bool
        var isDragging: Bool
        var isDecelerating: Bool
        var isZoomBouncing: Bool
    }

    var messages: [Message] = []
    var velocities: [Point] = []
    var targets: [Point] = []
    /// Size returned by viewForZooming; nil means the content does not zoom.
    var zoomableSize: Size?
    var allowsScrollToTop = true
    /// Lets a test move the target the scroll view proposes at the lift.
    var adjustTarget: ((Point) -> Point)?

    var names: [String] { messages.map(\.name) }

    /// Message names with each run of didScroll or didZoom folded into "didScroll..." or "didZoom...".
    var folded: [String] { fold(names) }

    /// Folded names without didScroll, for zoom sequences where scrolling interleaves.
    var foldedWithoutScrolls: [String] { fold(names.filter { $0 != "didScroll" }) }

    private func fold(_ names: [String]) -> [String] {
        var result: [String] = []
        for name in names {
            let repeatable = name == "didScroll" || name == "didZoom"
            if repeatable && result.last == name + "..." { continue }
            result.append(repeatable ? name + "..." : name)
        }
        return result
    }

    func clear() {
        messages.removeAll()
        velocities.removeAll()
        targets.removeAll()
    }

    private func record(_ name: String, _ scrollView: ScrollView) {
        messages.append(Message(name: name, offset: scrollView.contentOffset, isTracking: scrollView.isTracking,
                                isDragging: scrollView.isDragging, isDecelerating: scrollView.isDecelerating,
                                isZoomBouncing: scrollView.isZoomBouncing))
    }

    func scrollViewDidScroll(_ scrollView: ScrollView) { record("didScroll", scrollView) }
    func scrollViewWillBeginDragging(_ scrollView: ScrollView) { record("willBeginDragging", scrollView) }
    func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point,
                                   targetContentOffset: inout Point) {
        record("willEndDragging", scrollView)
        velocities.append(velocity)
        if let adjustTarget { targetContentOffset = adjustTarget(targetContentOffset) }
        targets.append(targetContentOffset)
    }
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        record("didEndDragging(\(decelerate))", scrollView)
    }
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) { record("willBeginDecelerating", scrollView) }
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { record("didEndDecelerating", scrollView) }
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {
        record("didEndScrollingAnimation", scrollView)
    }
    func viewForZooming(in scrollView: ScrollView) -> Size? { zoomableSize }
    func scrollViewWillBeginZooming(_ scrollView: ScrollView) { record("willBeginZooming", scrollView) }
    func scrollViewDidZoom(_ scrollView: ScrollView) { record("didZoom", scrollView) }
    func scrollViewDidEndZooming(_ scrollView: ScrollView, atScale scale: Double) {
        record("didEndZooming(\(scale))", scrollView)
    }
    func scrollViewShouldScrollToTop(_ scrollView: ScrollView) -> Bool {
        record("shouldScrollToTop", scrollView)
        return allowsScrollToTop
    }
    func scrollViewDidScrollToTop(_ scrollView: ScrollView) { record("didScrollToTop", scrollView) }
}

/// Records what the content receives.
final class RecordingContent: ScrollViewContentTouchDelegate {
    var events: [String] = []
    var times: [Double] = []

    func touchesBegan(at location: Point, time: Double) { append("began", time) }
    func touchesMoved(to location: Point, time: Double) { append("moved", time) }
    func touchesEnded(at location: Point, time: Double) { append("ended", time) }
    func touchesCancelled(time: Double) { append("cancelled", time) }

    private func append(_ event: String, _ time: Double) {
        events.append(event)
        times.append(time)
    }
}

/// A scroll view with a recording delegate attached; the view holds its delegates weakly.
struct Harness {
    let scrollView: ScrollView
    let delegate = RecordingDelegate()
    let content = RecordingContent()

    init(viewport: Size = Size(width: 1000, height: 800), content size: Size = Size(width: 10_000, height: 800)) {
        scrollView = ScrollView(viewportSize: viewport, contentSize: size)
        scrollView.delegate = delegate
        scrollView.contentTouchDelegate = content
    }
}

extension ScrollView {
    /// A finger going down at `from` and moving in a straight line at constant
    /// speed to `to` over `duration` ms, one sample every `interval` ms. Does not lift.
    /// Returns the time of the last sample.
    @discardableResult
    func moveFinger(from: Point, to: Point, start: Double, duration: Double, interval: Double = 8) -> Double {
        touchBegan(at: from, time: start)
        return continueFinger(from: from, to: to, start: start, duration: duration, interval: interval)
    }

    /// Moves a finger that is already down, as `moveFinger`.
    @discardableResult
    func continueFinger(from: Point, to: Point, start: Double, duration: Double, interval: Double = 8) -> Double {
        let steps = max(1, Int((duration / interval).rounded(.up)))
        var time = start
        for step in 1...steps {
            let fraction = Double(step) / Double(steps)
            time = start + duration * fraction
            touchMoved(to: from + (to - from) * fraction, time: time)
        }
        return time
    }

    /// A complete drag: down, move, lift `liftDelay` ms after the last sample. Returns the lift time.
    @discardableResult
    func drag(from: Point, to: Point, start: Double, duration: Double, interval: Double = 8,
              liftDelay: Double = 0) -> Double {
        let last = moveFinger(from: from, to: to, start: start, duration: duration, interval: interval)
        touchEnded(time: last + liftDelay)
        return last + liftDelay
    }

    /// Sends frames every `interval` ms from `start` while anything animates (at
    /// most `limit` ms). Returns the time of the last frame.
    @discardableResult
    func runFrames(from start: Double, interval: Double, limit: Double = 20_000) -> Double {
        var time = start
        while isAnimating && time - start < limit {
            time += interval
            advance(to: time)
        }
        return time
    }
}

func assertPoint(_ actual: Point, _ expected: Point, accuracy: Double,
                 _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(actual.x, expected.x, accuracy: accuracy, "x \(message)", file: file, line: line)
    XCTAssertEqual(actual.y, expected.y, accuracy: accuracy, "y \(message)", file: file, line: line)
}
