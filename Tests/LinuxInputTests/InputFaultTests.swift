import Foundation
import Geometry
import XCTest
import Gestures
@testable import LinuxInput
import LinuxSystem

/// Input that goes wrong: event floods the kernel drops, a panel unplugged
/// in the middle of a drag and plugged back.
final class InputFaultTests: XCTestCase {
    typealias S = Synthetic

    /// The kernel's view after the storm: one finger in slot 1.
    struct KernelState: EvdevStateSource {
        func currentState() throws -> EvdevStateSnapshot {
            EvdevStateSnapshot(axisValues: [AbsCode.mtSlot: 1],
                               slotValues: [AbsCode.mtTrackingID: [-1, 77, -1, -1],
                                            AbsCode.mtPositionX: [0, 400, 0, 0], AbsCode.mtPositionY: [0, 300, 0, 0]])
        }
    }

    private func positions(_ frame: TouchFrame) -> [[Double]] { frame.touches.map { [$0.x, $0.y] } }

    func testASynDroppedStormYieldsOnlyTheKernelsStateAndTouchGoesOn() throws {
        var parser = try XCTUnwrap(EvdevTouchParser(device: S.slotted(slots: 4)))
        var stream = [S.tracking(0, 40)] + S.position(0, 10, 20) + [S.syn(0)]
        var generator = SystemRandomNumberGenerator()
        for round in 0..<200 {
            let t = Double(1 + round)
            stream.append(S.syn(t, SynCode.dropped))
            // Whatever arrives between drops is lost with them.
            for _ in 0..<(round % 5) {
                stream.append(S.slot(t, Int32.random(in: -3...9, using: &generator)))
                stream.append(S.tracking(t, Int32.random(in: -1...5, using: &generator)))
                stream += S.position(t, 999, 999)
            }
        }
        stream.append(S.syn(300))
        stream += [S.abs(310, AbsCode.mtPositionX, 420), S.syn(310)]
        // Through the byte decoder in uneven reads, as from the device node.
        let bytes = InputEventDecoder.encode(stream)
        var decoder = InputEventDecoder()
        var frames: [TouchFrame] = []
        var offset = 0, chunk = 5
        while offset < bytes.count {
            let end = min(bytes.count, offset + chunk)
            frames += try parser.feed(decoder.decode(bytes[offset..<end]), stateSource: KernelState())
            offset = end
            chunk = chunk * 7 % 97 + 1
        }
        try decoder.finish()
        XCTAssertEqual(frames.map(positions), [[[10, 20]], [[400, 300]], [[420, 300]]])
        XCTAssertFalse(frames.contains { $0.touches.contains { $0.x == 999 } }, "nothing from the dropped events")
        XCTAssertFalse(parser.needsResync)
    }

    func testAStormWithoutAStateSourceWaitsForAResyncAndNeverInventsTouches() throws {
        var parser = try XCTUnwrap(EvdevTouchParser(device: S.slotted()))
        var stream: [InputEvent] = []
        for round in 0..<100 {
            stream += [S.syn(Double(round), SynCode.dropped), S.tracking(Double(round), 3)] + S.position(Double(round), 5, 5)
        }
        stream.append(S.syn(200))
        XCTAssertEqual(try parser.feed(stream), [])
        XCTAssertTrue(parser.needsResync)
        let resumed = parser.resync(with: EvdevStateSnapshot(slotValues: [AbsCode.mtTrackingID: [-1]]), at: 201)
        XCTAssertTrue(resumed?.touches.isEmpty ?? true)
        let next = try parser.feed([S.tracking(210, 8)] + S.position(210, 30, 40) + [S.syn(210)])
        XCTAssertEqual(next.map(positions), [[[30, 40]]])
    }

    func testATouchscreenUnpluggedMidDragEndsTheDragAndWorksWhenPluggedBack() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unplug-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/event0"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        var opened: [FakeDevice] = []
        let registry = InputDeviceRegistry(options: .init(directory: directory)) { path in
            let device = FakeDevice(path: path, description: S.slotted())
            opened.append(device)
            return device
        }
        _ = try registry.scan()
        XCTAssertEqual(registry.touchDevice?.path, path)

        var recognizer = GestureRecognizer(configuration: GestureConfiguration(screenWidth: 1280))
        var parser = try XCTUnwrap(EvdevTouchParser(device: S.slotted()))
        var tracker = TouchLossTracker()
        var gestures: [GestureEvent] = []
        func drag(from x: Int32, id: Int32, start: Double, steps: Int) throws {
            var events = [S.tracking(start, id)] + S.position(start, x, 400) + [S.syn(start)]
            for step in 1...steps {
                let t = start + Double(step) * 16
                events += [S.abs(t, AbsCode.mtPositionX, x - Int32(step) * 30), S.syn(t)]
            }
            let frames = try parser.feed(events)
            tracker.observe(frames)
            for frame in frames { gestures += recognizer.process(frame) }
        }
        try drag(from: 1000, id: 1, start: 0, steps: 8)
        XCTAssertEqual(recognizer.fingersDown, 1)
        XCTAssertTrue(gestures.contains { if case .panBegan = $0.kind { true } else { false } })

        // Unplugged: the next read fails and no release ever comes from the kernel.
        let gone = SystemError(operation: "read", path: path, errno: ENODEV)
        XCTAssertEqual(registry.deviceFailed(path: path, error: gone), [.removed(path: path)])
        XCTAssertNil(registry.touchDevice)
        let release = try XCTUnwrap(tracker.deviceLost(at: 140))
        XCTAssertEqual(release.touches, [])
        gestures = recognizer.process(release)
        XCTAssertEqual(recognizer.fingersDown, 0)
        XCTAssertTrue(gestures.contains { if case .panEnded = $0.kind { true } else { false } }, "the drag ends")
        XCTAssertNil(tracker.deviceLost(at: 150), "released once")

        // Plugged back: a fresh device and parser, and a new drag starts from nothing.
        XCTAssertEqual(registry.handle(.removed("event0")), [])
        XCTAssertEqual(registry.handle(.created("event0")), [.added(path: path, roles: .touchscreen)])
        XCTAssertTrue(registry.touchDevice === opened.last)
        XCTAssertEqual(opened.count, 2)
        parser = try XCTUnwrap(EvdevTouchParser(device: S.slotted()))
        gestures = []
        try drag(from: 900, id: 2, start: 1000, steps: 8)
        XCTAssertEqual(recognizer.fingersDown, 1)
        let began = gestures.compactMap { event -> Point? in if case let .panBegan(at, _) = event.kind { at } else { nil } }
        XCTAssertEqual(began.count, 1)
        XCTAssertLessThanOrEqual(try XCTUnwrap(began.first).x, 900, "the new drag starts where the finger is")
    }
}

extension InputFaultTests {
    /// Unplugged and plugged back at the same node before the old device's
    /// read failed: that late failure must not drop the new device, nor its
    /// wait for udev's permissions.
    func testALateReadFailureOfAnUnpluggedDeviceLeavesTheOneThatReplacedIt() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("replug-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/event0"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        var opened: [FakeDevice] = []
        var permitted = true
        let registry = InputDeviceRegistry(options: .init(directory: directory)) { path in
            guard permitted else { throw SystemError(operation: "open", path: path, errno: EACCES) }
            let device = FakeDevice(path: path, description: S.slotted())
            opened.append(device)
            return device
        }
        _ = try registry.scan()
        let old = try XCTUnwrap(opened.last)
        let gone = SystemError(operation: "read", path: path, errno: ENODEV)

        // Removed and back, still root-only: waiting for its permissions.
        permitted = false
        XCTAssertEqual(registry.handle(.removed("event0")), [.removed(path: path)])
        XCTAssertEqual(registry.handle(.created("event0")), [])
        XCTAssertEqual(registry.deviceFailed(old, error: gone), [])
        permitted = true
        XCTAssertEqual(registry.handle(.attributesChanged("event0")), [.added(path: path, roles: .touchscreen)])

        // Back and opened: the old device's failure leaves it.
        let new = try XCTUnwrap(opened.last)
        XCTAssertFalse(new === old)
        XCTAssertEqual(registry.deviceFailed(old, error: gone), [])
        XCTAssertTrue(registry.touchDevice === new)
        XCTAssertEqual(registry.deviceFailed(new, error: gone), [.removed(path: path)])
    }
}
