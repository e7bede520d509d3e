import Glibc
import LinuxSystem
import XCTest

/// Books, fonts and settings are read only from regular files: anything
/// else is refused at once, by kind, without blocking or reading.
final class RegularFileTests: XCTestCase {
    func testAFIFOIsRefusedAtOnceWithoutAWriter() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let fifo = folder.path + "/book.txt"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        // A blocking open would wait here for a writer that never comes.
        XCTAssertThrowsError(try RegularFile.open(fifo)) { error in
            XCTAssertEqual((error as? SystemError)?.notRegularKind, "a FIFO")
            XCTAssertEqual("\(error)", "open \(fifo): not a regular file (a FIFO)")
        }
        XCTAssertThrowsError(try FileDescriptor.readFile(fifo))
    }

    func testADeviceThatNeverEndsIsNotRead() {
        XCTAssertThrowsError(try FileDescriptor.readFile("/dev/zero")) { error in
            XCTAssertEqual((error as? SystemError)?.notRegularKind, "a character device")
        }
    }

    func testAFolderIsRefusedByKind() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        XCTAssertThrowsError(try RegularFile.check(folder.path)) { error in
            XCTAssertEqual((error as? SystemError)?.notRegularKind, "a directory")
        }
    }

    func testARegularFileAndOneMissingAreTreatedAsEver() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/settings"
        try AtomicFile.replace(path: path, contents: Array("KEY=value\n".utf8))
        XCTAssertEqual(try FileDescriptor.readFile(path), Array("KEY=value\n".utf8))
        XCTAssertThrowsError(try RegularFile.open(folder.path + "/missing")) { error in
            XCTAssertEqual((error as? SystemError)?.isNotFound, true)
            XCTAssertNil((error as? SystemError)?.notRegularKind)
        }
    }
}
