import CLinux
import XCTest

/// The shims must produce the kernel's request numbers: _IOC(dir, 'E', nr, size)
/// = dir << 30 | size << 16 | 0x45 << 8 | nr, with read = 2 and write = 1.
final class IoctlNumberTests: XCTestCase {
    func testEvdevRequestNumbers() {
        XCTAssertEqual(CLinux_EVIOCGBIT(3, 8), 0x8008_4523)
        XCTAssertEqual(CLinux_EVIOCGBIT(0, 4), 0x8004_4520)
        XCTAssertEqual(CLinux_EVIOCGABS(0x35), 0x8018_4575, "24-byte input_absinfo")
        XCTAssertEqual(CLinux_EVIOCGPROP(4), 0x8004_4509)
        XCTAssertEqual(CLinux_EVIOCGKEY(96), 0x8060_4518)
        XCTAssertEqual(CLinux_EVIOCGMTSLOTS(44), 0x802c_450a)
        XCTAssertEqual(CLinux_EVIOCGNAME(255), 0x80ff_4506)
        XCTAssertEqual(CLinux_EVIOCGID(), 0x8008_4502)
        XCTAssertEqual(CLinux_EVIOCSCLOCKID(), 0x4004_45a0)
        XCTAssertEqual(CLinux_EVIOCGRAB(), 0x4004_4590)
        XCTAssertEqual(CLinux_clockMonotonic(), 1)
    }

    func testStructSizesMatchTheDecoder() {
        XCTAssertEqual(MemoryLayout<input_event>.size, 24)
        XCTAssertEqual(MemoryLayout<input_absinfo>.size, 24)
    }
}
