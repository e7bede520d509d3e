import Geometry
import XCTest
@testable import Scrolling

/// Content inserted before what is on screen: `shiftContent(by:)` moves the
/// coordinates without moving the picture, in the middle of any motion.
final class ContentShiftTests: XCTestCase {
    private let page = 1000.0

    /// Two paging scroll views on page 3 of ten; the second gets two pages
    /// inserted in front when `shiftAt` is reached and must stay exactly two
    /// pages ahead of the first from then on.
    private func twins() -> (plain: Harness, shifted: Harness) {
        let plain = Harness(), shifted = Harness()
        for harness in [plain, shifted] {
            harness.scrollView.pagingEnabled = true
            harness.scrollView.contentOffset = Point(x: 3 * page, y: 0)
            harness.delegate.clear()
        }
        return (plain, shifted)
    }

    private func insertTwoPages(_ harness: Harness) {
        let scrollView = harness.scrollView
        scrollView.contentSize = Size(width: scrollView.contentSize.width + 2 * page, height: scrollView.contentSize.height)
        let messages = harness.delegate.messages.count
        scrollView.shiftContent(by: Point(x: 2 * page, y: 0))
        XCTAssertEqual(harness.delegate.messages.count, messages, "nothing moved on screen: no message")
    }

    private func assertTwoPagesApart(_ pair: (plain: Harness, shifted: Harness), _ context: String,
                                     file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(pair.shifted.scrollView.contentOffset.x - pair.plain.scrollView.contentOffset.x, 2 * page,
                       accuracy: 1e-6, context, file: file, line: line)
        XCTAssertEqual(pair.shifted.scrollView.currentPage, pair.plain.scrollView.currentPage + 2, context,
                       file: file, line: line)
    }

    func testADragGoesOnFromWhereTheFingerIsAndPagesOnePageFromItsStart() {
        let pair = twins()
        for harness in [pair.plain, pair.shifted] {
            harness.scrollView.moveFinger(from: Point(x: 200, y: 400), to: Point(x: 500, y: 400), start: 0, duration: 100)
        }
        insertTwoPages(pair.shifted)
        assertTwoPagesApart(pair, "at the insertion")
        var time = 100.0
        for step in 1...10 {
            time = 100 + Double(step) * 8
            for harness in [pair.plain, pair.shifted] {
                harness.scrollView.touchMoved(to: Point(x: 500 + Double(step) * 40, y: 400), time: time)
            }
            assertTwoPagesApart(pair, "while dragging")
        }
        for harness in [pair.plain, pair.shifted] { harness.scrollView.touchEnded(time: time) }
        assertTwoPagesApart(pair, "at the lift")
        for harness in [pair.plain, pair.shifted] { harness.scrollView.runFrames(from: time, interval: 16) }
        XCTAssertEqual(pair.plain.scrollView.contentOffset.x, 2 * page, "one page back from the drag's start")
        assertTwoPagesApart(pair, "settled")
        XCTAssertEqual(pair.shifted.delegate.targets, [Point(x: 4 * page, y: 0)])
    }

    func testAPagingSettleAndAnAnimatedScrollEndTwoPagesFurther() {
        let flick = twins()
        for harness in [flick.plain, flick.shifted] {
            let lift = harness.scrollView.drag(from: Point(x: 900, y: 400), to: Point(x: 700, y: 400), start: 0, duration: 100)
            harness.scrollView.advance(to: lift + 50)
        }
        XCTAssertTrue(flick.shifted.scrollView.isDecelerating)
        insertTwoPages(flick.shifted)
        var time = 150.0
        while flick.plain.scrollView.isAnimating {
            time += 16
            for harness in [flick.plain, flick.shifted] { harness.scrollView.advance(to: time) }
            assertTwoPagesApart(flick, "settling at \(time)")
        }
        XCTAssertFalse(flick.shifted.scrollView.isAnimating)
        XCTAssertEqual(flick.plain.scrollView.contentOffset.x, 4 * page)
        assertTwoPagesApart(flick, "after the settle")
        XCTAssertEqual(flick.shifted.delegate.names.last, "didEndDecelerating")

        let turn = twins()
        for harness in [turn.plain, turn.shifted] {
            harness.scrollView.setContentOffset(Point(x: 2 * page, y: 0), animated: true)
            harness.scrollView.advance(to: 0)
            harness.scrollView.advance(to: 100)
        }
        insertTwoPages(turn.shifted)
        for harness in [turn.plain, turn.shifted] { harness.scrollView.advance(to: 150) }
        assertTwoPagesApart(turn, "mid-animation")
        for harness in [turn.plain, turn.shifted] { harness.scrollView.runFrames(from: 150, interval: 16) }
        XCTAssertEqual(turn.shifted.scrollView.contentOffset.x, 4 * page)
        XCTAssertEqual(turn.shifted.delegate.names.last, "didEndScrollingAnimation")
    }
}
