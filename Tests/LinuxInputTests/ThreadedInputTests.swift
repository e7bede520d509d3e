import Devices
import Glibc
import LinuxSystem
import Threading
import XCTest
@testable import LinuxInput

/// A device like the kernel's: a small buffer (a pipe of one page) that a
/// writer fills with one-byte events, whose unread events are discarded
/// when it is unplugged.
private final class SmallBufferDevice: LiveInputSource, @unchecked Sendable {
    let readEnd: Int32
    let writeEnd: Int32
    private let condition = Condition()
    private var taken = 0
    private var unplugged = false
    private(set) var closed = false

    init() throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw SystemError(operation: "pipe", path: "test", errno: errno) }
        readEnd = ends[0]
        writeEnd = ends[1]
        for end in ends { _ = fcntl(end, F_SETFL, O_NONBLOCK) }
        // F_SETPIPE_SZ (Linux's 1031, not in Swift's Glibc): one page, as small as a pipe goes.
        _ = fcntl(writeEnd, 1031, 4096)
    }

    deinit {
        Glibc.close(readEnd)
        Glibc.close(writeEnd)
    }

    var pollDescriptors: [Int32] { condition.withLock { unplugged } ? [] : [readEnd] }
    var nextInputTime: Double? { nil }
    var isExhausted: Bool { false }
    var touchDevicePath: String? { "/dev/input/event7" }
    func drainWarnings() -> [String] { [] }

    /// Sends event `value`; false when the buffer was full (the event lost).
    func send(_ value: UInt8) -> Bool {
        var byte = value
        return Glibc.write(writeEnd, &byte, 1) == 1
    }

    /// Unplugged: what was not read yet is gone, as the kernel discards it.
    func unplug() {
        condition.withLock { unplugged = true }
        var sink = [UInt8](repeating: 0, count: 8192)
        while Glibc.read(readEnd, &sink, sink.count) > 0 {}
    }

    /// Waits up to `seconds` until `count` events were read from the buffer.
    func waitUntilTaken(_ count: Int, seconds: Double) -> Bool {
        let deadline = monotonicMilliseconds() + seconds * 1000
        while monotonicMilliseconds() < deadline {
            if condition.withLock({ taken }) >= count { return true }
            sleepMilliseconds(1)
        }
        return false
    }

    func read(upTo time: Double) -> [InputItem] {
        guard !condition.withLock({ unplugged }) else { return [] }
        var bytes = [UInt8](repeating: 0, count: 256)
        var items: [InputItem] = []
        while true {
            let count = Glibc.read(readEnd, &bytes, bytes.count)
            guard count > 0 else { break }
            items += bytes[0..<count].map { .deviceChanged("event \($0)") }
        }
        condition.withLock { taken += items.count }
        return items
    }

    func closeAll() { condition.withLock { closed = true } }
}

final class ThreadedInputTests: XCTestCase {
    /// The loop busy for the whole stream (it never reads): the device's
    /// small buffer is drained as events come, so far more events than it
    /// holds all arrive, in order, and none is refused.
    func testABusyLoopLosesNoEventsOfADeviceWithASmallBuffer() throws {
        let device = try SmallBufferDevice()
        let input = try ThreadedInput(reading: device)
        defer { input.closeAll() }
        let total = 20_000 // five pages of one-byte events: the pipe holds one
        for k in 0..<total {
            XCTAssertTrue(device.send(UInt8(k % 251)), "event \(k) refused: the buffer was full")
            if k % 1000 == 999 { XCTAssertTrue(device.waitUntilTaken(k + 1, seconds: 10)) }
        }
        XCTAssertTrue(device.waitUntilTaken(total, seconds: 10))
        let items = input.read(upTo: 0)
        XCTAssertEqual(items.count, total)
        XCTAssertEqual(items, (0..<total).map { .deviceChanged("event \(UInt8($0 % 251))") })
        XCTAssertEqual(input.read(upTo: 0), [], "each event is handed over once")
    }

    /// A drag's last moves sent just before the device is unplugged: read
    /// by the input thread before the loop looks, they are not lost with it.
    func testEventsSentBeforeAnUnplugSurviveIt() throws {
        let device = try SmallBufferDevice()
        let input = try ThreadedInput(reading: device)
        defer { input.closeAll() }
        for k in 0..<10 { XCTAssertTrue(device.send(UInt8(k))) }
        XCTAssertTrue(device.waitUntilTaken(10, seconds: 10))
        device.unplug()
        XCTAssertEqual(input.read(upTo: 0).count, 10)
    }

    /// The loop polls one descriptor: readable once something was read, quiet after it is taken.
    func testTheLoopIsWokenThroughOneDescriptor() throws {
        let device = try SmallBufferDevice()
        let input = try ThreadedInput(reading: device)
        defer { input.closeAll() }
        XCTAssertEqual(input.pollDescriptors.count, 1)
        XCTAssertEqual(try PollSet(input.pollDescriptors).waitForReadable(timeout: 0), [])
        XCTAssertTrue(device.send(1))
        XCTAssertEqual(try PollSet(input.pollDescriptors).waitForReadable(timeout: 10_000), input.pollDescriptors)
        XCTAssertEqual(input.read(upTo: 0), [.deviceChanged("event 1")])
        XCTAssertEqual(try PollSet(input.pollDescriptors).waitForReadable(timeout: 0), [])
        XCTAssertEqual(input.touchDevicePath, "/dev/input/event7")
    }

    /// Closing stops the thread before the devices close: nothing is read after.
    func testClosingStopsTheThreadThenClosesTheDevices() throws {
        let device = try SmallBufferDevice()
        let input = try ThreadedInput(reading: device)
        input.closeAll()
        XCTAssertTrue(device.closed)
        XCTAssertTrue(device.send(9))
        sleepMilliseconds(50)
        XCTAssertFalse(device.waitUntilTaken(1, seconds: 0.1), "the thread has stopped")
    }
}
