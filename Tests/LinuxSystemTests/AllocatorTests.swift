import Glibc
import LinuxSystem
import XCTest

final class AllocatorTests: XCTestCase {
    func testTheAllocatorTakesTheReadersSettings() throws {
        XCTAssertNoThrow(try Allocator.mapAllocations(atLeast: 256 << 10))
        XCTAssertNoThrow(try Allocator.limitArenas(to: 2))
        XCTAssertEqual(Allocator.pageSize, Int(sysconf(Int32(_SC_PAGESIZE))))
        XCTAssertGreaterThan(Allocator.pageSize, 0)
    }
}
