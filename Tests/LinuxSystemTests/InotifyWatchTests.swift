import Foundation
import Glibc
import LinuxSystem
import XCTest

final class InotifyWatchTests: XCTestCase {
    func testAWriterIsSeenFromCreateToCloseAndARenameArrives() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let watch = try InotifyWatch(path: folder.path, mask: Int32(IN_CREATE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO))
        XCTAssertEqual(try watch.readEvents(), [])
        let fd = open(folder.path + "/book.txt", O_CREAT | O_WRONLY, 0o644)
        XCTAssertGreaterThanOrEqual(fd, 0)
        XCTAssertEqual(write(fd, "text", 4), 4)
        close(fd)
        XCTAssertEqual(rename(folder.path + "/book.txt", folder.path + "/moved.txt"), 0)
        let events = try watch.readEvents()
        XCTAssertEqual(events.map(\.name), ["book.txt", "book.txt", "book.txt", "moved.txt"])
        XCTAssertTrue(events[0].has(Int32(IN_CREATE)))
        XCTAssertTrue(events[1].has(Int32(IN_MODIFY)))
        XCTAssertTrue(events[2].has(Int32(IN_CLOSE_WRITE)))
        XCTAssertTrue(events[3].has(Int32(IN_MOVED_TO)))
    }

    func testAnOverflowRecordHasNoName() {
        let words: [UInt32] = [0xFFFF_FFFF, UInt32(IN_Q_OVERFLOW), 0, 0]
        let bytes = words.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (8 * UInt32($0))) } }
        let (events, used) = InotifyWatch.parse(bytes + [1, 2])
        XCTAssertEqual(events, [InotifyEvent(mask: UInt32(IN_Q_OVERFLOW), name: "")])
        XCTAssertEqual(used, 16, "a partial record waits for the rest")
    }

    func testAMissingFolderIsNamed() {
        XCTAssertThrowsError(try InotifyWatch(path: "/nonexistent-folder-for-inotify", mask: Int32(IN_CREATE))) { error in
            XCTAssertEqual((error as? SystemError)?.path, "/nonexistent-folder-for-inotify")
        }
    }

    func testStatusAndCanonicalPaths() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/a.txt"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data("12345".utf8)))
        let status = try FileSystem.status(path)
        XCTAssertTrue(status.isRegularFile)
        XCTAssertFalse(status.isDirectory)
        XCTAssertEqual(status.size, 5)
        XCTAssertGreaterThan(status.modified, 1_000_000_000 * 1_000_000_000)
        XCTAssertTrue(try FileSystem.status(folder.path).isDirectory)
        XCTAssertEqual(FileSystem.canonicalPath(folder.path + "/./a.txt"), FileSystem.canonicalPath(path))
        XCTAssertNil(FileSystem.canonicalPath(folder.path + "/missing"))
        XCTAssertThrowsError(try FileSystem.status(folder.path + "/missing"))
        XCTAssertGreaterThan(wallClockSeconds(), 1_600_000_000)
    }
}
