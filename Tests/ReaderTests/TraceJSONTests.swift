import Geometry
import Gestures
@testable import Reader
import ReaderTools
import XCTest

final class TraceJSONTests: XCTestCase {
    func testFrameLine() {
        let frame = TouchFrame(time: 16.5, touches: [Touch(id: 3, x: 100, y: 200.25), Touch(id: 4, x: 0.1234, y: -1)])
        XCTAssertEqual(TraceJSON.frame(frame),
                       #"{"t": 16.5, "touches": [{"id": 3, "x": 100, "y": 200.25}, {"id": 4, "x": 0.123, "y": -1}]}"#)
        XCTAssertEqual(TraceJSON.frame(TouchFrame(time: 0, touches: [])), #"{"t": 0, "touches": []}"#)
    }

    func testGestureLines() {
        let point = Point(x: 640, y: 384)
        XCTAssertEqual(TraceJSON.gesture(GestureEvent(time: 390, kind: .tap(at: point, zone: .middle))),
                       #"{"t": 390, "gesture": "tap", "x": 640, "y": 384}"#)
        XCTAssertEqual(TraceJSON.gesture(GestureEvent(time: 58, kind: .panEnded(at: point, translation: Point(x: -200, y: 0),
                                                                                 velocity: Point(x: -4, y: 0.0005)))),
                       #"{"t": 58, "gesture": "pan-end", "x": 640, "y": 384, "vx": -4, "vy": 0.001}"#)
        XCTAssertEqual(TraceJSON.gesture(GestureEvent(time: 600, kind: .pinchEnded(focus: point, scale: 2))),
                       #"{"t": 600, "gesture": "pinch-end", "x": 640, "y": 384, "scale": 2}"#)
        XCTAssertEqual(TraceJSON.gesture(GestureEvent(time: 1, kind: .twoFingerTap(at: point)))?.contains(#""gesture": "two-finger-tap""#), true)
        XCTAssertEqual(TraceJSON.gesture(GestureEvent(time: 1, kind: .doubleTap(at: point)))?.contains(#""gesture": "double-tap""#), true)
        XCTAssertEqual(TraceJSON.gesture(GestureEvent(time: 1, kind: .longPress(at: point)))?.contains(#""gesture": "long-press""#), true)
    }

    func testUnprintedEvents() {
        let point = Point(x: 1, y: 2)
        XCTAssertNil(TraceJSON.gesture(GestureEvent(time: 0, kind: .fingerDown(id: 1, at: point))))
        XCTAssertNil(TraceJSON.gesture(GestureEvent(time: 0, kind: .panChanged(at: point, translation: .zero, velocity: .zero))))
        XCTAssertNil(TraceJSON.gesture(GestureEvent(time: 0, kind: .pinchChanged(focus: point, scale: 1))))
    }

    func testNumbersHaveAtMostThreeDecimals() {
        XCTAssertEqual(JSONLine.number(-0.0004), "0")
        XCTAssertEqual(JSONLine.number(-0.25), "-0.25")
        XCTAssertEqual(JSONLine.number(1.05), "1.05")
        XCTAssertEqual(JSONLine.number(0.1 + 0.2), "0.3")
        XCTAssertEqual(JSONLine.number(2.0 / 3), "0.667")
        XCTAssertEqual(JSONLine.number(12.0), "12")
        XCTAssertEqual(JSONLine.number(-1e12), "-1000000000000")
    }

    func testTraceLinesHaveNoNaNOrInfinity() {
        let point = Point(x: .nan, y: 2)
        XCTAssertEqual(TraceJSON.gesture(GestureEvent(time: 5, kind: .panEnded(at: point, translation: .zero,
                                                                                velocity: Point(x: .infinity, y: -.infinity)))),
                       #"{"t": 5, "gesture": "pan-end", "x": 0, "y": 2, "vx": 0, "vy": 0}"#)
        var line = JSONLine()
        line.add("n", Double.nan)
        XCTAssertEqual(line.text, #"{"n": null}"#, "other lines say null")
    }
}
