import Gestures
import Devices
import Foundation
import Glibc
import XCTest
@testable import LinuxInput
import LinuxSystem

final class EvdevDeviceErrorTests: XCTestCase {
    func testMissingDeviceNamesPathAndOperation() {
        XCTAssertThrowsError(try EvdevDevice(path: "/nonexistent/event7")) { error in
            let error = error as? SystemError
            XCTAssertEqual(error?.operation, "open")
            XCTAssertEqual(error?.isNotFound, true)
            XCTAssertEqual(error?.description.hasPrefix("open /nonexistent/event7: "), true, "\(String(describing: error))")
        }
    }

    func testNonEvdevFileFailsOnTheFirstIoctl() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("not-evdev-\(UUID().uuidString)").path
        try "x".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertThrowsError(try EvdevDevice(path: path)) { error in
            let error = error as? SystemError
            XCTAssertEqual(error?.operation, "ioctl EVIOCSCLOCKID")
            XCTAssertEqual(error?.errno, ENOTTY)
            XCTAssertEqual(error?.path, path)
        }
    }

    func testDeviceNumberOfACharacterDevice() throws {
        let null = try FileDescriptor.openForReading("/dev/null")
        defer { null.close() }
        let number = try null.deviceNumber()
        XCTAssertEqual(number.major, 1)
        XCTAssertEqual(number.minor, 3)
    }
}

final class DirectoryWatcherTests: XCTestCase {
    func testCreateAttributeAndRemove() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let watcher = try DirectoryWatcher(path: directory)
        XCTAssertEqual(try watcher.readChanges(), [])
        let node = "\(directory)/event5"
        let fd = open(node, O_CREAT | O_WRONLY, 0o600)  // in place: FileManager would create and rename
        XCTAssertGreaterThanOrEqual(fd, 0)
        close(fd)
        XCTAssertEqual(chmod(node, 0o660), 0)
        XCTAssertEqual(unlink(node), 0)
        let changes = try watcher.readChanges()
        XCTAssertEqual(changes.first, .created("event5"))
        XCTAssertTrue(changes.contains(.attributesChanged("event5")))
        XCTAssertEqual(changes.last, .removed("event5"))
    }

    func testRecordsSplitAcrossReads() {
        func record(mask: UInt32, name: String) -> [UInt8] {
            var name = Array(name.utf8)
            name += [UInt8](repeating: 0, count: 16 - name.count)
            let words: [UInt32] = [1, mask, 0, UInt32(name.count)]
            return words.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (8 * UInt32($0))) } } + name
        }
        let bytes = record(mask: UInt32(IN_CREATE), name: "event1") + record(mask: UInt32(IN_DELETE), name: "event2")
        let partial = DirectoryWatcher.parse(Array(bytes.prefix(40)))
        XCTAssertEqual(partial.changes, [.created("event1")])
        XCTAssertEqual(partial.used, 32)
        XCTAssertEqual(DirectoryWatcher.parse(bytes).changes, [.created("event1"), .removed("event2")])
    }
}

/// A device stand-in with a scripted description.
final class FakeDevice: InputDeviceHandle {
    let path: String
    let description: DeviceDescription
    var grabbed = false
    var closed = false

    init(path: String, description: DeviceDescription) {
        self.path = path
        self.description = description
    }

    func setGrabbed(_ grabbed: Bool) throws { self.grabbed = grabbed }
    func close() { closed = true }
}

final class InputDeviceRegistryTests: XCTestCase {
    var directory = ""
    var descriptions: [String: DeviceDescription] = [:]
    var denied: Set<String> = []
    var opened: [FakeDevice] = []

    let keyboard = DeviceDescription(name: "keyboard", eventBits: [
        0: BitSet(bits: [0, 1]), EventType.key: BitSet(bits: [Int(KeyCode.space), Int(KeyCode.right), Int(KeyCode.q)])])
    let powerButton = DeviceDescription(name: "power", eventBits: [0: BitSet(bits: [0, 1]), EventType.key: BitSet(bits: [116])])

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("input-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(atPath: directory)
    }

    func node(_ name: String, _ description: DeviceDescription) {
        _ = FileManager.default.createFile(atPath: "\(directory)/\(name)", contents: nil)
        descriptions["\(directory)/\(name)"] = description
    }

    func registry(touchDevice: String? = nil, grab: Bool = false) -> InputDeviceRegistry {
        InputDeviceRegistry(options: .init(touchDevicePath: touchDevice.map { "\(directory)/\($0)" }, grab: grab, directory: directory)) { path in
            if self.denied.contains(path) { throw SystemError(operation: "open", path: path, errno: EACCES) }
            guard let description = self.descriptions[path] else { throw SystemError(operation: "open", path: path, errno: ENOENT) }
            let device = FakeDevice(path: path, description: description)
            self.opened.append(device)
            return device
        }
    }

    func testScanKeepsTouchscreensAndKeyboards() throws {
        node("event10", Synthetic.slotted())
        node("event2", Synthetic.anonymous())
        node("event1", keyboard)
        node("event3", powerButton)
        node("mouse0", Synthetic.singleTouch())
        let registry = registry()
        let changes = try registry.scan()
        XCTAssertEqual(changes, [.added(path: "\(directory)/event1", roles: .keyboard),
                                 .added(path: "\(directory)/event2", roles: .touchscreen),
                                 .added(path: "\(directory)/event10", roles: .touchscreen)])
        XCTAssertEqual(registry.touchDevice?.path, "\(directory)/event2", "event2 sorts before event10")
        XCTAssertEqual(registry.keyboards.map(\.path), ["\(directory)/event1"])
        XCTAssertEqual(opened.first { $0.path.hasSuffix("event3") }?.closed, true, "unused devices are closed")
        XCTAssertFalse(opened.contains { $0.path.hasSuffix("mouse0") })
    }

    func testPermissionDeniedIsRetriedAfterAttributeChange() throws {
        let registry = registry()
        descriptions["\(directory)/event4"] = Synthetic.slotted()
        denied = ["\(directory)/event4"]
        XCTAssertEqual(registry.handle(.created("event4")), [])
        XCTAssertEqual(registry.waitingToOpen, ["\(directory)/event4"])
        XCTAssertEqual(registry.problems["\(directory)/event4"]?.contains("Permission denied"), true)
        denied = []
        XCTAssertEqual(registry.handle(.attributesChanged("event4")), [.added(path: "\(directory)/event4", roles: .touchscreen)])
        XCTAssertEqual(registry.waitingToOpen, [])
        XCTAssertEqual(registry.handle(.attributesChanged("event4")), [], "an open device is not reopened")
    }

    func testUnplugAndReplug() throws {
        node("event0", Synthetic.slotted())
        let registry = registry(grab: true)
        _ = try registry.scan()
        let first = try XCTUnwrap(opened.first)
        XCTAssertTrue(first.grabbed)
        let gone = SystemError(operation: "read", path: first.path, errno: ENODEV)
        XCTAssertTrue(gone.isDeviceGone)
        XCTAssertEqual(registry.deviceFailed(path: first.path, error: gone), [.removed(path: first.path)])
        XCTAssertTrue(first.closed)
        XCTAssertNil(registry.touchDevice)
        XCTAssertEqual(registry.handle(.removed("event0")), [])
        XCTAssertEqual(registry.handle(.created("event0")), [.added(path: first.path, roles: .touchscreen)])
        XCTAssertTrue(opened.last?.grabbed ?? false)
        XCTAssertTrue(registry.touchDevice === opened.last)
    }

    func testChosenTouchDevice() throws {
        node("event0", Synthetic.slotted())
        node("event1", keyboard)
        let chosen = registry(touchDevice: "event5")
        XCTAssertEqual(try chosen.scan(), [.added(path: "\(directory)/event1", roles: .keyboard)])
        XCTAssertNil(chosen.touchDevice, "only the chosen device is used for touch")
        node("event5", Synthetic.singleTouch())
        XCTAssertEqual(chosen.handle(.created("event5")), [.added(path: "\(directory)/event5", roles: .touchscreen)])
        XCTAssertEqual(chosen.touchDevice?.path, "\(directory)/event5")

        let wrong = registry(touchDevice: "event1")
        _ = try wrong.scan()
        XCTAssertNil(wrong.touchDevice)
        XCTAssertEqual(wrong.problems["\(directory)/event1"], "\(directory)/event1 is not a touch device")
    }
}

/// A recording replayed as the reader's input: its frames, mapped to the
/// screen, delivered at their times.
final class RecordedReplayTests: XCTestCase {
    func testReplayYieldsTheRecordingsFramesInTime() throws {
        let events = [Synthetic.tracking(0, 1)] + Synthetic.position(0, 1279, 0) + [Synthetic.syn(0),
                      Synthetic.abs(10, AbsCode.mtPositionX, 0), Synthetic.syn(10),
                      Synthetic.tracking(20, -1), Synthetic.syn(20)]
        let recording = EvemuRecording(device: Synthetic.slotted(), events: events)
        let frames = try recording.screenFrames(width: 768, height: 1280, rotation: .quarter)
        let source = RecordedInput(frames: frames)
        XCTAssertTrue(source.pollDescriptors.isEmpty)
        XCTAssertEqual(source.nextInputTime, 0)
        var delivered = source.read(upTo: 5)
        XCTAssertEqual(delivered.count, 1)
        XCTAssertEqual(source.nextInputTime, 10)
        delivered += source.read(upTo: 100)
        XCTAssertTrue(source.isExhausted)
        XCTAssertNil(source.nextInputTime)
        XCTAssertEqual(delivered, frames.map(InputItem.touches))
        XCTAssertEqual(frames.first?.touches.first.map { [$0.x, $0.y] }, [0, 0], "the panel's top-right is the turned picture's top-left")
        XCTAssertEqual(frames.map(\.touches.count), [1, 1, 0])
    }

    func testKeysAndTouchesAtOneTimeKeepTheirOrder() {
        let touch = TouchFrame(time: 10, touches: [])
        let source = RecordedInput(frames: [touch], commands: [(time: 10, command: .nextPage), (time: 5, command: .quit)])
        XCTAssertEqual(source.read(upTo: 10), [.command(.quit, time: 5), .touches(touch), .command(.nextPage, time: 10)])
    }

    func testKeyboardRecordingHasNoTouchParser() {
        let keyboard = DeviceDescription(name: "keys", eventBits: [0: BitSet(bits: [0, 1]), EventType.key: BitSet(bits: [Int(KeyCode.space)])])
        XCTAssertThrowsError(try EvemuRecording(device: keyboard, events: []).touchFrames()) { error in
            XCTAssertTrue("\(error)".contains("no touch axes"), "\(error)")
        }
    }
}
