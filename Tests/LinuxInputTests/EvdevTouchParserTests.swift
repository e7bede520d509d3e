import Gestures
import XCTest
@testable import LinuxInput

final class EvdevTouchParserTests: XCTestCase {
    typealias S = Synthetic

    func frames(_ device: DeviceDescription, _ events: [InputEvent]) throws -> [TouchFrame] {
        var parser = try XCTUnwrap(EvdevTouchParser(device: device))
        return try parser.feed(events)
    }

    func positions(_ frame: TouchFrame?) -> [[Double]] {
        frame?.touches.map { [$0.x, $0.y] } ?? []
    }

    func testProtocolBSlotsBecomeTouches() throws {
        let result = try frames(S.slotted(), [
            S.slot(0, 0), S.tracking(0, 10)] + S.position(0, 100, 200) + [
            S.slot(0, 1), S.tracking(0, 11)] + S.position(0, 300, 400) + [S.syn(0),
            S.slot(8, 0), S.abs(8, AbsCode.mtPositionX, 110), S.syn(8),
            S.slot(16, 1), S.tracking(16, -1), S.syn(16),
            S.slot(24, 0), S.tracking(24, -1), S.syn(24),
        ])
        XCTAssertEqual(result.map(\.time), [0, 8, 16, 24])
        XCTAssertEqual(positions(result[0]), [[100, 200], [300, 400]])
        XCTAssertEqual(positions(result[1]), [[110, 200], [300, 400]])
        XCTAssertEqual(positions(result[2]), [[110, 200]])
        XCTAssertEqual(result[3].touches, [])
        XCTAssertEqual(result[1].touches.map(\.id), result[0].touches.map(\.id), "ids follow the contacts")
        XCTAssertEqual(result[2].touches.map(\.id), [result[0].touches[0].id])
    }

    func testProtocolBStartsFromTheCurrentSlot() throws {
        // The device is on slot 3 when opened: events before any ABS_MT_SLOT belong to slot 3.
        let result = try frames(S.slotted(currentSlot: 3), [S.tracking(0, 7)] + S.position(0, 50, 60) + [
            S.slot(0, 0), S.tracking(0, 8)] + S.position(0, 70, 80) + [S.syn(0),
            S.slot(5, 3), S.tracking(5, -1), S.syn(5),
        ])
        XCTAssertEqual(positions(result[0]), [[70, 80], [50, 60]], "slot 0 comes before slot 3")
        XCTAssertEqual(positions(result[1]), [[70, 80]], "lifting slot 3 lifts the first finger")
    }

    func testReusedTrackingIDIsANewTouch() throws {
        let result = try frames(S.slotted(), [S.tracking(0, 5)] + S.position(0, 10, 10) + [S.syn(0),
            S.tracking(10, -1), S.syn(10),
            S.tracking(20, 5), S.syn(20),            // the same tracking id again, after a lift
            S.tracking(30, 6), S.syn(30),            // a new id without a lift in between
        ])
        XCTAssertEqual(result.count, 4)
        let ids = [result[0], result[2], result[3]].map { $0.touches.first?.id }
        XCTAssertEqual(Set(ids.compactMap { $0 }).count, 3, "three contacts, three ids: \(ids)")
        XCTAssertEqual(positions(result[2]), [[10, 10]], "a slot keeps its last position")
    }

    func testMoreThanTenFingers() throws {
        var events: [InputEvent] = []
        for finger in 0..<12 {
            events += [S.slot(0, Int32(finger)), S.tracking(0, Int32(100 + finger))] + S.position(0, Int32(finger * 100), 50)
        }
        events.append(S.syn(0))
        for finger in 0..<12 {
            events += [S.slot(10, Int32(finger)), S.tracking(10, -1)]
        }
        events.append(S.syn(10))
        let result = try frames(S.slotted(slots: 16), events)
        XCTAssertEqual(result.first?.touches.count, 12)
        XCTAssertEqual(Set(result.first?.touches.map(\.id) ?? []).count, 12)
        XCTAssertEqual(result.first?.touches.map(\.x), (0..<12).map { Double($0 * 100) })
        XCTAssertEqual(result.last?.touches, [])
    }

    func testOutOfRangeValuesAreClampedAndUnknownSlotsIgnored() throws {
        let result = try frames(S.slotted(slots: 4), [S.tracking(0, 1)] + S.position(0, -50, 5000) + [
            S.slot(0, 9), S.tracking(0, 2)] + S.position(0, 1, 1) + [S.syn(0),
        ])
        XCTAssertEqual(positions(result.first), [[0, 767]])
    }

    func testSynDroppedSkipsToTheNextReportThenResyncs() throws {
        struct KernelState: EvdevStateSource {
            func currentState() throws -> EvdevStateSnapshot {
                EvdevStateSnapshot(axisValues: [AbsCode.mtSlot: 1],
                                   slotValues: [AbsCode.mtTrackingID: [-1, 42, -1, -1],
                                                AbsCode.mtPositionX: [0, 500, 0, 0], AbsCode.mtPositionY: [0, 600, 0, 0]])
            }
        }
        var parser = try XCTUnwrap(EvdevTouchParser(device: S.slotted(slots: 4)))
        let before = try parser.feed([S.tracking(0, 40)] + S.position(0, 10, 20) + [S.syn(0)])
        let result = try parser.feed([
            S.syn(5, SynCode.dropped),
            S.tracking(6, -1), S.slot(6, 2), S.tracking(6, 41)] + S.position(6, 999, 999) + [  // lost with the drop
            S.syn(7),
            S.abs(9, AbsCode.mtPositionX, 510), S.syn(9),  // after the resync: slot 1 is current
        ], stateSource: KernelState())
        XCTAssertEqual(positions(before.first), [[10, 20]])
        XCTAssertEqual(result.map(\.time), [7, 9])
        XCTAssertEqual(positions(result[0]), [[500, 600]], "state comes from the kernel, not the dropped events")
        XCTAssertNotEqual(result[0].touches.first?.id, before.first?.touches.first?.id)
        XCTAssertEqual(positions(result[1]), [[510, 600]])
        XCTAssertFalse(parser.needsResync)
    }

    func testSynDroppedWithoutAStateSourceAsksForResync() throws {
        var parser = try XCTUnwrap(EvdevTouchParser(device: S.slotted()))
        let result = try parser.feed([S.syn(0, SynCode.dropped), S.tracking(1, 3)] + S.position(1, 5, 5) + [S.syn(2)])
        XCTAssertEqual(result, [])
        XCTAssertTrue(parser.needsResync)
        let resynced = parser.resync(with: EvdevStateSnapshot(slotValues: [AbsCode.mtTrackingID: [9], AbsCode.mtPositionX: [7],
                                                                           AbsCode.mtPositionY: [8]]), at: 3)
        XCTAssertEqual(positions(resynced), [[7, 8]])
        XCTAssertEqual(resynced?.time, 3)
    }

    func testProtocolAContactsKeepTheirIdentity() throws {
        let mt = SynCode.mtReport
        let result = try frames(S.anonymous(), [
            S.abs(0, 0x35, 1000), S.abs(0, 0x36, 1000), S.syn(0, mt),
            S.abs(0, 0x35, 5000), S.abs(0, 0x36, 5000), S.syn(0, mt), S.key(0, ButtonCode.touch, 1), S.syn(0),
            // listed in the other order: identity follows position, not order
            S.abs(10, 0x35, 5050), S.abs(10, 0x36, 5000), S.syn(10, mt),
            S.abs(10, 0x35, 1050), S.abs(10, 0x36, 1000), S.syn(10, mt), S.syn(10),
            S.abs(20, 0x35, 5100), S.abs(20, 0x36, 5000), S.syn(20, mt), S.syn(20),
            S.key(30, ButtonCode.touch, 0), S.syn(30),
        ])
        XCTAssertEqual(result.count, 4)
        let first = try XCTUnwrap(result.first)
        let second = result[1]
        XCTAssertEqual(second.touches.first { $0.x == 5050 }?.id, first.touches.first { $0.x == 5000 }?.id)
        XCTAssertEqual(second.touches.first { $0.x == 1050 }?.id, first.touches.first { $0.x == 1000 }?.id)
        XCTAssertEqual(result[2].touches.map(\.id), [first.touches[1].id])
        XCTAssertEqual(result[3].touches, [])
    }

    func testSingleTouchFollowsBTNTouch() throws {
        let result = try frames(S.singleTouch(), [
            S.abs(0, AbsCode.x, 100), S.abs(0, AbsCode.y, 200), S.key(0, ButtonCode.touch, 1), S.syn(0),
            S.abs(8, AbsCode.x, 5000), S.syn(8),
            S.key(16, ButtonCode.touch, 0), S.syn(16),
            S.abs(20, AbsCode.x, 300), S.syn(20),  // hovering moves are no touches
            S.key(24, ButtonCode.touch, 1), S.syn(24),
        ])
        XCTAssertEqual(result.map(\.time), [0, 8, 16, 24])
        XCTAssertEqual(positions(result[1]), [[4095, 200]])
        XCTAssertEqual(positions(result[3]), [[300, 200]])
        XCTAssertNotEqual(result[3].touches.first?.id, result[0].touches.first?.id)
    }

    func testAbsolutePointerButtonIsOneFinger() throws {
        let device = S.singleTouch(button: ButtonCode.left)
        XCTAssertEqual(device.touchProtocol, .absolutePointer)
        let result = try frames(device, [
            S.abs(0, AbsCode.x, 2048), S.abs(0, AbsCode.y, 1024), S.syn(0),
            S.key(5, ButtonCode.left, 1), S.syn(5),
            S.key(9, ButtonCode.left, 0), S.syn(9),
        ])
        XCTAssertEqual(result.map { $0.touches.count }, [1, 0])
        XCTAssertEqual(positions(result[0]), [[2048, 1024]])
    }

    func testNoFrameWhenNothingChanged() throws {
        let result = try frames(S.slotted(), [S.tracking(0, 1)] + S.position(0, 1, 1) + [S.syn(0),
            InputEvent(milliseconds: 4, type: EventType.misc, code: 5, value: 1234), S.syn(4)])
        XCTAssertEqual(result.count, 1)
    }
}

final class InputEventDecoderTests: XCTestCase {
    let events = [
        InputEvent(seconds: 1_700_000_000, microseconds: 999_999, type: EventType.absolute, code: AbsCode.mtTrackingID, value: -1),
        InputEvent(seconds: 2, microseconds: 5, type: EventType.key, code: ButtonCode.touch, value: 1),
        InputEvent(seconds: 2, microseconds: 6, type: EventType.syn, code: SynCode.report, value: 0),
    ]

    func testRoundTripInArbitraryChunks() {
        let bytes = InputEventDecoder.encode(events)
        XCTAssertEqual(bytes.count, 72)
        var decoder = InputEventDecoder()
        var decoded: [InputEvent] = []
        var index = 0
        while index < bytes.count {
            let end = min(index + 7, bytes.count)
            decoded += decoder.decode(bytes[index..<end])
            index = end
        }
        XCTAssertEqual(decoded, events)
        XCTAssertNoThrow(try decoder.finish())
    }

    func testTruncatedEventIsKeptThenReported() {
        var decoder = InputEventDecoder()
        let bytes = InputEventDecoder.encode(events)
        XCTAssertEqual(decoder.decode(bytes.dropLast(10)), Array(events.prefix(2)))
        XCTAssertEqual(decoder.pendingByteCount, 14)
        XCTAssertThrowsError(try decoder.finish()) { error in
            XCTAssertEqual(error as? InputStreamError, .truncatedEvent(bytes: 14))
        }
    }

    func testTruncatedStreamThroughTheParser() throws {
        var decoder = InputEventDecoder()
        var parser = try XCTUnwrap(EvdevTouchParser(device: Synthetic.slotted()))
        let stream = [Synthetic.tracking(0, 1)] + Synthetic.position(0, 40, 50) + [Synthetic.syn(0),
                      Synthetic.tracking(5, -1), Synthetic.syn(5)]
        let bytes = InputEventDecoder.encode(stream)
        let frames = try parser.feed(decoder.decode(bytes.dropLast(1)))
        XCTAssertEqual(frames.map(\.touches.count), [1], "the lift's SYN_REPORT is incomplete")
        XCTAssertEqual(try parser.feed(decoder.decode(bytes.suffix(1))).map(\.touches.count), [0])
    }
}

final class DeviceClassificationTests: XCTestCase {
    func testRoles() {
        XCTAssertEqual(Synthetic.slotted().roles, .touchscreen)
        XCTAssertEqual(Synthetic.anonymous().roles, .touchscreen, "MT axes without INPUT_PROP_DIRECT")
        XCTAssertEqual(Synthetic.singleTouch().roles, .touchscreen)
        XCTAssertEqual(Synthetic.singleTouch(button: ButtonCode.left).roles, .absolutePointer)
        var touchpad = Synthetic.slotted()
        touchpad.properties = BitSet(bits: [InputProperty.pointer])
        XCTAssertEqual(touchpad.roles, [], "a touchpad is not a screen")
        XCTAssertNil(touchpad.touchProtocol)
    }

    func testSlotCountIsBounded() {
        var device = Synthetic.slotted()
        device.absInfo[AbsCode.mtSlot] = AbsInfo(minimum: 0, maximum: .max)
        XCTAssertEqual(device.touchProtocol, .multitouchSlots(slotCount: 64))
    }
}
