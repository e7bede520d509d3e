import Foundation
import Glibc
import LinuxSystem
import XCTest
@testable import LinuxInput

/// A touchscreen unplugged and plugged back at every step of the reader's
/// open sequence (the node appearing, udev fixing its mode, each ioctl of
/// the open): whichever step it vanishes at, the device that comes back
/// is the one read.
final class ReplugSequenceTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("replug-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(atPath: directory)
    }

    /// How an open fails when the device goes at one of its steps.
    private static let failures: [(step: String, errno: Int32)] = [
        ("open: the node is gone", ENOENT), ("open: the device is gone", ENODEV), ("open: not yet bound", ENXIO),
        ("open: udev has not fixed the mode", EACCES), ("EVIOCGBIT: gone mid-open", ENODEV), ("EVIOCGABS: gone mid-open", ENODEV),
        ("EVIOCSCLOCKID: gone mid-open", ENODEV),
    ]

    func testTheDeviceThatComesBackIsReadWhicheverStepTheUnplugHit() throws {
        for failure in Self.failures {
            let path = directory + "/event4"
            FileManager.default.createFile(atPath: path, contents: nil)
            var failNext = false
            var opened: [FakeDevice] = []
            let registry = InputDeviceRegistry(options: .init(directory: directory)) { path in
                if failNext {
                    failNext = false
                    throw SystemError(operation: failure.step, path: path, errno: failure.errno)
                }
                let device = FakeDevice(path: path, description: Synthetic.slotted())
                opened.append(device)
                return device
            }
            _ = try registry.scan()
            let first = try XCTUnwrap(opened.last, failure.step)

            // Unplugged, and back: its open fails at this step.
            XCTAssertEqual(registry.deviceFailed(first, error: SystemError(operation: "read", path: path, errno: ENODEV)),
                           [.removed(path: path)], failure.step)
            failNext = true
            XCTAssertEqual(registry.handle(.removed("event4")), [], failure.step)
            XCTAssertEqual(registry.handle(.created("event4")), [], failure.step)
            XCTAssertNil(registry.touchDevice, failure.step)

            // What follows brings it: udev's change of the node's attributes
            // when the node is still there, else the node made again.
            let changes = failure.errno == ENOENT
                ? registry.handle(.removed("event4")) + registry.handle(.created("event4"))
                : registry.handle(.attributesChanged("event4"))
            XCTAssertEqual(changes, [.added(path: path, roles: .touchscreen)], failure.step)
            XCTAssertTrue(registry.touchDevice === opened.last, failure.step)
            XCTAssertFalse(registry.touchDevice === first, failure.step)
            XCTAssertTrue(first.closed, failure.step)
            registry.closeAll()
            try FileManager.default.removeItem(atPath: path)
        }
    }
}
