import Glibc
import LinuxSystem
import XCTest

final class AllocatorTests: XCTestCase {
    /// AddressSanitizer puts an allocator of its own in glibc's place; it
    /// takes none of glibc's settings.
    private static var glibcAllocatorReplaced: Bool { dlsym(nil, "__asan_init") != nil }

    func testTheAllocatorTakesTheReadersSettings() throws {
        if Self.glibcAllocatorReplaced {
            // The refusal is reported with the setting it was about, not lost.
            XCTAssertThrowsError(try Allocator.mapAllocations(atLeast: 256 << 10)) {
                XCTAssertTrue("\($0)".contains("M_MMAP_THRESHOLD"), "\($0)")
            }
            XCTAssertThrowsError(try Allocator.limitArenas(to: 2)) {
                XCTAssertTrue("\($0)".contains("M_ARENA_MAX"), "\($0)")
            }
        } else {
            XCTAssertNoThrow(try Allocator.mapAllocations(atLeast: 256 << 10))
            XCTAssertNoThrow(try Allocator.limitArenas(to: 2))
        }
        XCTAssertEqual(Allocator.pageSize, Int(sysconf(Int32(_SC_PAGESIZE))))
        XCTAssertGreaterThan(Allocator.pageSize, 0)
    }
}
