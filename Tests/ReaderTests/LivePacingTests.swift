import XCTest
@testable import Reader

final class LivePacingTests: XCTestCase {
    private func state(gesture: Double? = nil, canPresent: Bool = true, moving: Bool = false, changes: Bool = false,
                       paginating: Bool = false) -> LivePacing.State {
        LivePacing.State(gestureDeadline: gesture, canPresent: canPresent, isMoving: moving, hasChanges: changes,
                         isPaginating: paginating)
    }

    func testAtRestTheLoopNeverWakes() {
        XCTAssertNil(LivePacing.wakeTime(now: 1000, state: state()))
        XCTAssertNil(LivePacing.wakeTime(now: 1000, state: state(canPresent: false)))
    }

    func testMovingViewWithoutPendingFlipWakesForTheNextFrame() {
        XCTAssertEqual(LivePacing.wakeTime(now: 1000, state: state(moving: true)), LivePacing.nextFrameTime(after: 1000))
        XCTAssertEqual(LivePacing.wakeTime(now: 1000, state: state(changes: true)), LivePacing.nextFrameTime(after: 1000))
    }

    func testPendingFlipPacesFramesSoOnlyTheGestureDeadlineCounts() {
        XCTAssertNil(LivePacing.wakeTime(now: 1000, state: state(canPresent: false, moving: true, changes: true)))
        XCTAssertEqual(LivePacing.wakeTime(now: 1000, state: state(gesture: 1250, canPresent: false, moving: true)), 1250)
    }

    func testEarliestOfGestureDeadlineAndFrameWins() {
        XCTAssertEqual(LivePacing.wakeTime(now: 1000, state: state(gesture: 1005, moving: true)), 1005)
        XCTAssertEqual(LivePacing.wakeTime(now: 1000, state: state(gesture: 1300, moving: true)),
                       LivePacing.nextFrameTime(after: 1000))
        XCTAssertEqual(LivePacing.wakeTime(now: 1000, state: state(gesture: 1300)), 1300)
    }

    func testPaginationAtRestIsLookedAtSlowly() {
        XCTAssertEqual(LivePacing.wakeTime(now: 1000, state: state(paginating: true)), 1000 + LivePacing.paginationPollInterval)
        XCTAssertEqual(LivePacing.wakeTime(now: 1000, state: state(moving: true, paginating: true)),
                       LivePacing.nextFrameTime(after: 1000))
    }

    func testAnnouncementOfAPageAndOfAZoomAboutTheScreenCentre() {
        XCTAssertEqual(LivePacing.announcement(page: 0, zoomScale: 1, isZoomed: false, offsetX: 0, offsetY: 0,
                                               width: 1024, height: 768), "presented page 1")
        // Zoomed 2x about (512, 384) of a 1024x768 page: the content offset is (512, 384).
        XCTAssertEqual(LivePacing.announcement(page: 1, zoomScale: 2, isZoomed: true, offsetX: 512, offsetY: 384,
                                               width: 1024, height: 768), "presented page 2 zoom 2 at 512 384")
        XCTAssertEqual(LivePacing.announcement(page: 1, zoomScale: 2.5, isZoomed: true, offsetX: 0, offsetY: 0,
                                               width: 1000, height: 800), "presented page 2 zoom 2.50 at 200 160")
        // Zoom mode at scale 1 (a zoom just undone) reads as the plain page.
        XCTAssertEqual(LivePacing.announcement(page: 4, zoomScale: 1, isZoomed: true, offsetX: 0, offsetY: 0,
                                               width: 1024, height: 768), "presented page 5")
    }

    /// Timer-paced frames fall on the same 60 Hz grid as a screen's vblanks.
    func testFramesFallOnTheSixtyHertzGrid() {
        let interval = 1000.0 / 60
        XCTAssertEqual(LivePacing.nextFrameTime(after: 0), interval, accuracy: 1e-9)
        XCTAssertEqual(LivePacing.nextFrameTime(after: interval), 2 * interval, accuracy: 1e-9)
        XCTAssertEqual(LivePacing.nextFrameTime(after: 1000), 61 * interval, accuracy: 1e-9)
        XCTAssertGreaterThan(LivePacing.nextFrameTime(after: 999.99), 999.99)
    }
}
