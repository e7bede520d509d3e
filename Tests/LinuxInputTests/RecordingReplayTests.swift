import Foundation
import Gestures
import XCTest
@testable import LinuxInput

/// Every shared recording replays through the evdev parser and the recognizer.
final class RecordingReplayTests: XCTestCase {
    struct Replay {
        var frames: [TouchFrame]
        var gestures: [String]
        var maxTouches: Int { frames.map(\.touches.count).max() ?? 0 }
    }

    func replay(_ eventsName: String, desc descName: String) throws -> Replay {
        let directory = try SharedData.requireTouchDirectory()
        let recording = try EvemuRecording.load(events: "\(directory)/\(eventsName)", description: "\(directory)/\(descName)")
        let parser = try XCTUnwrap(EvdevTouchParser(device: recording.device))
        let mapper = TouchMapper(parser: parser, screenWidth: 1280, screenHeight: 800)
        var recognizer = GestureRecognizer(configuration: GestureConfiguration(screenWidth: 1280))
        var gestures: [GestureEvent] = []
        let frames = try recording.touchFrames().map(mapper.map)
        for frame in frames { gestures += recognizer.process(frame) }
        gestures += recognizer.advance(to: recording.duration + 5000)
        return Replay(frames: frames, gestures: gestures.compactMap { $0.kind.recognizedName })
    }

    func testEveryRecordingParsesWithItsDescription() throws {
        let directory = try SharedData.requireTouchDirectory()
        let files = try FileManager.default.contentsOfDirectory(atPath: directory)
        let names = files.filter { $0.hasSuffix(".events") }.sorted()
        let descs = files.filter { $0.hasSuffix(".desc") }
        XCTAssertFalse(names.isEmpty)
        for name in names {
            let descName = try XCTUnwrap(descs.first { name.hasPrefix($0.dropLast(".desc".count) + ".") }, name)
            let result = try replay(name, desc: descName)
            XCTAssertFalse(result.frames.isEmpty, name)
            XCTAssertTrue(result.frames.last?.touches.isEmpty ?? false, "\(name) ends with every finger up")
            let expected = name.contains("4-finger") ? 4 : (name.contains("2-finger") || name.contains("2fg")) ? 2 : 1
            XCTAssertEqual(result.maxTouches, expected, name)
            for frame in result.frames {
                for touch in frame.touches {
                    XCTAssertTrue((0...1279).contains(touch.x) && (0...799).contains(touch.y), "\(name) \(touch)")
                }
            }
        }
    }

    func testDragsArePans() throws {
        for (events, desc) in [("Atmel_maXTouch_Touchscreen.1-finger-drag-up-down.events", "Atmel_maXTouch_Touchscreen.desc"),
                               ("EP0430M09.1-finger-drag-up-down.events", "EP0430M09.desc"),
                               ("N-Trig_MultiTouch.1-finger-drag-NW-SE.events", "N-Trig_MultiTouch.desc"),
                               ("Wacom_ISDv4_E6_Finger.single-top-swipe.events", "Wacom_ISDv4_E6_Finger.desc")] {
            let result = try replay(events, desc: desc)
            XCTAssertTrue(result.gestures.contains("pan-begin"), "\(events): \(result.gestures)")
            XCTAssertTrue(result.gestures.contains("pan-end"), "\(events): \(result.gestures)")
            XCTAssertFalse(result.gestures.contains("tap"), "\(events): \(result.gestures)")
            XCTAssertFalse(result.gestures.contains("double-tap"), "\(events): \(result.gestures)")
        }
    }

    func testMultiFingerDragsAreNotTaps() throws {
        for events in ["Atmel_maXTouch_Touchscreen.4-finger-drag-down.events", "EP0430M09.2-finger-scroll-down.events"] {
            let desc = events.hasPrefix("Atmel") ? "Atmel_maXTouch_Touchscreen.desc" : "EP0430M09.desc"
            let result = try replay(events, desc: desc)
            XCTAssertFalse(result.gestures.contains("tap"), "\(events): \(result.gestures)")
            XCTAssertTrue(result.gestures.contains("pan-begin"), "\(events): \(result.gestures)")
        }
    }

    func testSingleTapIsOneTap() throws {
        let result = try replay("Wacom_ISDv4_E6_Finger.single-tap-center.events", desc: "Wacom_ISDv4_E6_Finger.desc")
        XCTAssertEqual(result.gestures, ["tap"])
    }

    func testTwoFingerTapIsOneTwoFingerTap() throws {
        let result = try replay("Wacom_ISDv4_E6_Finger.2fg-tap.events", desc: "Wacom_ISDv4_E6_Finger.desc")
        XCTAssertEqual(result.gestures, ["two-finger-tap"])
    }

    func testSingleTouchControllerReportsOneFingerThatMoves() throws {
        let result = try replay("eGalax_Inc._USB_TouchController.events", desc: "eGalax_Inc._USB_TouchController.desc")
        let xs = result.frames.flatMap(\.touches).map(\.x)
        XCTAssertGreaterThan((xs.max() ?? 0) - (xs.min() ?? 0), 20, "positions come from the controller's second axis pair")
    }

    func testEventsFileWithItsOwnHeaderNeedsNoDesc() throws {
        let directory = try SharedData.requireTouchDirectory()
        let recording = try EvemuRecording.load(events: "\(directory)/Atmel_maXTouch_Touchscreen.2-fingers-touch-release.events")
        XCTAssertEqual(recording.device.name, "Atmel maXTouch Touchscreen")
        XCTAssertEqual(recording.events.first?.time, 0)
        XCTAssertEqual(recording.device.touchProtocol, .multitouchSlots(slotCount: 10))
    }
}
