import Geometry
import Gestures
@testable import Reader
import XCTest

/// The spoken interface's rules: a touch says, a double tap activates, two
/// fingers swiped sideways move between controls, the page reads from a touch.
final class SpokenInterfaceTests: XCTestCase {
    private let controls = [ScreenControl(id: "menu.contents", label: "Contents", rect: PixelRect(x: 100, y: 10, width: 120, height: 60)),
                            ScreenControl(id: "menu.search", label: "Search", rect: PixelRect(x: 240, y: 10, width: 100, height: 60)),
                            ScreenControl(id: "menu.text", label: "Text", rect: PixelRect(x: 360, y: 10, width: 80, height: 60))]

    private func event(_ kind: GestureKind, at time: Double = 0) -> GestureEvent { GestureEvent(time: time, kind: kind) }

    private func run(_ spoken: inout SpokenInterface, _ kind: GestureKind, onPage: Bool = false,
                     controls: [ScreenControl]? = nil) -> [SpokenInterface.Action] {
        spoken.actions(for: event(kind), controls: controls ?? self.controls, onPage: onPage, screenWidth: 1200)
    }

    func testATouchSaysTheControlAndActivatesNothing() {
        var spoken = SpokenInterface()
        XCTAssertEqual(run(&spoken, .tap(at: Point(x: 150, y: 40), zone: .left)), [.say("Contents")])
        XCTAssertEqual(spoken.focusedID, "menu.contents")
        XCTAssertEqual(run(&spoken, .tap(at: Point(x: 600, y: 500), zone: .middle)), [], "nothing under the finger: silence")
        XCTAssertEqual(spoken.focusedID, "menu.contents", "the focus stays")
    }

    func testAControlsStateIsSaidAfterItsLabel() {
        var spoken = SpokenInterface()
        let larger = ScreenControl(id: "text.larger", label: "Larger", rect: PixelRect(x: 0, y: 0, width: 90, height: 60), value: "20 px")
        XCTAssertEqual(run(&spoken, .tap(at: Point(x: 40, y: 30), zone: .left), controls: [larger]), [.say("Larger, 20 px")])
    }

    func testADoubleTapActivatesTheControlUnderItElseTheOneInFocus() {
        var spoken = SpokenInterface()
        XCTAssertEqual(run(&spoken, .doubleTap(at: Point(x: 300, y: 20))),
                       [.pass(event(.tap(at: Point(x: 290, y: 40), zone: .middle)))], "a tap at the control's centre")
        XCTAssertEqual(run(&spoken, .doubleTap(at: Point(x: 700, y: 500))),
                       [.pass(event(.tap(at: Point(x: 290, y: 40), zone: .middle)))], "the control in focus")
    }

    func testOnThePageATouchReadsAndADoubleTapActsAsATap() {
        var spoken = SpokenInterface()
        let point = Point(x: 300, y: 300)
        XCTAssertEqual(run(&spoken, .tap(at: point, zone: .left), onPage: true, controls: []), [.readFrom(point)])
        XCTAssertEqual(run(&spoken, .doubleTap(at: Point(x: 600, y: 300)), onPage: true, controls: []),
                       [.pass(event(.tap(at: Point(x: 600, y: 300), zone: .middle)))], "the middle: the menu")
        XCTAssertEqual(run(&spoken, .doubleTap(at: Point(x: 1100, y: 300)), onPage: true, controls: []),
                       [.pass(event(.tap(at: Point(x: 1100, y: 300), zone: .right)))], "the right third: the next page")
    }

    private func swipe(_ spoken: inout SpokenInterface, dx: Double, second: Double? = nil) -> [SpokenInterface.Action] {
        _ = run(&spoken, .fingerDown(id: 1, at: Point(x: 500, y: 300)))
        _ = run(&spoken, .fingerDown(id: 2, at: Point(x: 500, y: 400)))
        _ = run(&spoken, .fingerMoved(id: 1, to: Point(x: 500 + dx, y: 300)))
        _ = run(&spoken, .fingerMoved(id: 2, to: Point(x: 500 + (second ?? dx), y: 400)))
        _ = run(&spoken, .fingerUp(id: 1, at: Point(x: 500 + dx, y: 300)))
        return run(&spoken, .fingerUp(id: 2, at: Point(x: 500 + (second ?? dx), y: 400)))
    }

    func testTwoFingersSwipedSidewaysMoveTheFocusAndSayIt() {
        var spoken = SpokenInterface()
        XCTAssertEqual(swipe(&spoken, dx: 120).dropFirst(), [.say("Contents")], "right: the first control")
        XCTAssertEqual(swipe(&spoken, dx: 120).dropFirst(), [.say("Search")], "right again: the next")
        XCTAssertEqual(swipe(&spoken, dx: -120).dropFirst(), [.say("Contents")], "left: the previous")
        XCTAssertEqual(swipe(&spoken, dx: -120).dropFirst(), [.say("Text")], "round from the first to the last")
        XCTAssertEqual(swipe(&spoken, dx: 120, second: -120).dropFirst(), [], "fingers apart are no swipe")
        XCTAssertEqual(swipe(&spoken, dx: 20).dropFirst(), [], "too short")
        XCTAssertEqual(spoken.focusedID, "menu.text")
    }
}
