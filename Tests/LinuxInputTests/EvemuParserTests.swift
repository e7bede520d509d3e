import Foundation
import XCTest
@testable import LinuxInput
import LinuxSystem

final class EvemuParserTests: XCTestCase {
    let description = """
        # EVEMU 1.3
        N: Test Panel # not a comment inside a name
        I: 0018 0eef 0001 0210
        P: 02 00 00 00 00 00 00 00
        B: 00 0b 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 04 00 00 00 00 00 00
        B: 03 03 00 00 00 00 80 60 02
        A: 00 0 1279 0 0 0
        A: 01 0 767 0 0
        A: 2f 0 4 0 0 0
        A: 35 0 1279 0 0 0
        A: 36 0 767 0 0 0
        A: 39 0 65535 0 0 0

        """

    func testDescription() throws {
        let parsed = try EvemuParser(text: description, file: "panel.desc")
        let device = try XCTUnwrap(parsed.description)
        XCTAssertEqual(device.name, "Test Panel # not a comment inside a name")
        XCTAssertEqual(device.id, InputDeviceID(bus: 0x18, vendor: 0xeef, product: 1, version: 0x210))
        XCTAssertTrue(device.hasProperty(InputProperty.direct))
        XCTAssertTrue(device.hasKey(ButtonCode.touch), "B: lines of one type concatenate")
        XCTAssertEqual(device.eventBits[EventType.absolute]?.members, [0, 1, 0x2f, 0x35, 0x36, 0x39])
        XCTAssertEqual(device.absInfo[AbsCode.y], AbsInfo(minimum: 0, maximum: 767))
        XCTAssertEqual(device.touchProtocol, .multitouchSlots(slotCount: 5))
        XCTAssertEqual(device.roles, .touchscreen)
        XCTAssertEqual(parsed.events, [])
    }

    func testEventsWithCommentsAndShortFractions() throws {
        let parsed = try EvemuParser(text: """
            E: 1000.5 0003 0039 0006\t# EV_ABS / ABS_MT_TRACKING_ID   6
            E: 1000.000900 0000 0000 0000 # SYN_REPORT
            E: 1001.000001 0003 0039 -1
            """, file: "x.events")
        XCTAssertEqual(parsed.events.map(\.microseconds), [500_000, 900, 1])
        XCTAssertEqual(parsed.events.map(\.value), [6, 0, -1])
        let rebased = EvemuRecording.rebased(parsed.events)
        XCTAssertEqual(rebased.map(\.time), [0, -499.1, 500.001])
    }

    func assertError(_ text: String, line: Int, contains fragment: String, file: StaticString = #filePath, at sourceLine: UInt = #line) {
        XCTAssertThrowsError(try EvemuParser(text: text, file: "bad.events"), file: file, line: sourceLine) { error in
            guard let error = error as? EvemuError else { return XCTFail("\(error)", file: file, line: sourceLine) }
            XCTAssertEqual(error.line, line, file: file, line: sourceLine)
            XCTAssertTrue(error.description.hasPrefix("bad.events:\(line): "), error.description, file: file, line: sourceLine)
            XCTAssertTrue(error.message.contains(fragment), error.message, file: file, line: sourceLine)
        }
    }

    func testMalformedInputNamesFileAndLine() {
        assertError("E: garbage\nnot evemu\n", line: 1, contains: "SEC.USEC")
        assertError("# ok\nnot evemu\n", line: 2, contains: "not an evemu line")
        assertError("E: 1.0 0003 0035\n", line: 1, contains: "SEC.USEC")
        assertError("E: 1.x 0003 0035 5\n", line: 1, contains: "timestamp")
        assertError("E: 1.0 zz 0035 5\n", line: 1, contains: "event type")
        assertError("E: 1.0 0003 0035 five\n", line: 1, contains: "number")
        assertError("B: 03 0g\n", line: 1, contains: "byte")
        assertError("A: 00 0 1279\n", line: 1, contains: "A: needs")
        assertError("\n\nX: 1\n", line: 3, contains: "unknown")
        assertError("E: 1.0 0003 ffff 5\n", line: 1, contains: "out of range")
        // Signs in a timestamp once reached an unsigned conversion and trapped (found by fuzzing).
        assertError("E: 1000.-12345 0003 0035 5\n", line: 1, contains: "timestamp")
        assertError("E: -1.000000 0003 0035 5\n", line: 1, contains: "timestamp")
        assertError("E: +1.+00000 0003 0035 5\n", line: 1, contains: "timestamp")
        assertError("E: 0.000001 -003 0039 0002\n", line: 1, contains: "event type")
        assertError("A: -1 0 1279 0 0\n", line: 1, contains: "axis code")
    }

    func testLoadingFiles() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("evemu-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let desc = directory.appendingPathComponent("panel.desc").path
        let events = directory.appendingPathComponent("tap.events").path
        let combined = directory.appendingPathComponent("combined.events").path
        let eventText = "E: 500.100000 0003 0039 1\nE: 500.100000 0003 0035 100\nE: 500.100000 0003 0036 200\n"
            + "E: 500.100000 0000 0000 0\nE: 500.140000 0003 0039 -1\nE: 500.140000 0000 0000 0\n"
        try description.write(toFile: desc, atomically: true, encoding: .utf8)
        try eventText.write(toFile: events, atomically: true, encoding: .utf8)
        try (description + eventText).write(toFile: combined, atomically: true, encoding: .utf8)

        let pair = try EvemuRecording.load(events: events, description: desc)
        let frames = try pair.touchFrames()
        XCTAssertEqual(frames.map(\.time), [0, 40])
        XCTAssertEqual(frames.map(\.touches.count), [1, 0])
        XCTAssertEqual(try EvemuRecording.load(events: combined).touchFrames(), frames)

        XCTAssertThrowsError(try EvemuRecording.load(events: events)) { error in
            XCTAssertTrue("\(error)".contains("no device description"), "\(error)")
        }
        XCTAssertThrowsError(try EvemuRecording.load(events: directory.appendingPathComponent("none.events").path)) { error in
            XCTAssertEqual((error as? SystemError)?.isNotFound, true, "\(error)")
            XCTAssertTrue("\(error)".contains("none.events"), "\(error)")
        }
        XCTAssertThrowsError(try EvemuRecording.load(events: desc, description: desc)) { error in
            XCTAssertTrue("\(error)".contains("no events"), "\(error)")
        }
    }
}
