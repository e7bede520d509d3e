import Foundation
import LinuxSystem
import XCTest

final class AtomicFileTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws { folder = try TemporaryFolder() }
    override func tearDown() { folder.remove() }

    func testReplacingWritesTheNewContentsAndLeavesNoTemporaryFile() throws {
        let path = folder.path + "/state.json"
        try AtomicFile.replace(path: path, contents: Array("old".utf8))
        try AtomicFile.replace(path: path, contents: Array("new contents".utf8))
        XCTAssertEqual(folder.contents(of: "state.json"), Array("new contents".utf8))
        XCTAssertEqual(folder.entries, ["state.json"])
        try AtomicFile.replace(path: path, contents: Array("cached".utf8), durability: .cached)
        XCTAssertEqual(folder.contents(of: "state.json"), Array("cached".utf8))
        XCTAssertEqual(folder.entries, ["state.json"])
    }

    /// The temporary file lands on a full device: the old file stays as it
    /// was, the temporary one is gone, and the error says write and where.
    func testAFailedWriteKeepsTheOldFileAndRemovesTheTemporaryOne() throws {
        let path = folder.path + "/state.json"
        try AtomicFile.replace(path: path, contents: Array("old".utf8))
        let temporary = AtomicFile.temporaryPath(for: path)
        try FileManager.default.createSymbolicLink(atPath: temporary, withDestinationPath: "/dev/full")
        XCTAssertThrowsError(try AtomicFile.replace(path: path, contents: Array("new".utf8))) {
            XCTAssertEqual($0 as? SystemError, SystemError(operation: "write", path: temporary, errno: ENOSPC))
        }
        XCTAssertEqual(folder.contents(of: "state.json"), Array("old".utf8))
        XCTAssertEqual(folder.entries, ["state.json"])
    }

    /// A folder where the file should be cannot be replaced by a file.
    func testAFailedRenameNamesTheStepAndThePath() throws {
        let path = folder.path + "/taken"
        try FileManager.default.createDirectory(atPath: path + "/inside", withIntermediateDirectories: true)
        XCTAssertThrowsError(try AtomicFile.replace(path: path, contents: [1])) {
            let error = $0 as? SystemError
            XCTAssertEqual(error?.operation, "rename into place")
            XCTAssertEqual(error?.path, path)
            XCTAssertEqual(error?.errno, EISDIR)
        }
        XCTAssertEqual(folder.entries, ["taken"])
    }

    func testAMissingFolderFailsToCreateTheTemporaryFile() {
        let path = folder.path + "/missing/state.json"
        XCTAssertThrowsError(try AtomicFile.replace(path: path, contents: [1])) {
            let error = $0 as? SystemError
            XCTAssertEqual(error?.operation, "create")
            XCTAssertEqual(error?.path, AtomicFile.temporaryPath(for: path))
            XCTAssertEqual(error?.isNotFound, true)
        }
    }

    func testTemporaryNamesDifferBetweenThreads() {
        let path = folder.path + "/state.json"
        let here = AtomicFile.temporaryPath(for: path)
        let other = LockedName()
        let done = expectation(description: "other thread")
        Thread {
            other.name = AtomicFile.temporaryPath(for: path)
            done.fulfill()
        }.start()
        wait(for: [done], timeout: 10)
        XCTAssertTrue(here.hasPrefix(path + "."))
        XCTAssertNotEqual(here, other.name)
    }

    func testCreateDirectoriesMakesEveryLevelAndRefusesAFileInTheWay() throws {
        let nested = folder.path + "/a/b/c"
        try FileSystem.createDirectories(nested)
        try FileSystem.createDirectories(nested)
        var isFolder: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: nested, isDirectory: &isFolder) && isFolder.boolValue)
        try AtomicFile.replace(path: folder.path + "/file", contents: [1])
        XCTAssertThrowsError(try FileSystem.createDirectories(folder.path + "/file/d")) {
            XCTAssertEqual($0 as? SystemError, SystemError(operation: "mkdir", path: folder.path + "/file/d", errno: ENOTDIR))
        }
        // /proc is there but takes no new folders (ENOENT): one failure, not a loop.
        XCTAssertThrowsError(try FileSystem.createDirectories("/proc/linuxsystem-test/inner")) {
            XCTAssertEqual($0 as? SystemError, SystemError(operation: "mkdir", path: "/proc/linuxsystem-test", errno: ENOENT))
        }
        XCTAssertEqual(try FileSystem.directoryEntries(folder.path).sorted(), ["a", "file"])
        try FileSystem.removeFile(folder.path + "/file")
        try FileSystem.removeFile(folder.path + "/file")
        XCTAssertEqual(folder.entries, ["a"])
    }

    /// What a power cut or kill -9 left mid-write is removed; a live
    /// writer's temporary file and every other name stay.
    func testTemporaryFilesOfWritersNoLongerRunningAreRemoved() throws {
        let gone = "state.json.\(Int32.max)-7f3a.tmp" // no process has the largest pid
        let mine = URL(fileURLWithPath: AtomicFile.temporaryPath(for: folder.path + "/state.json")).lastPathComponent
        let parent = "settings.json.\(getppid())-1.tmp"
        let others = ["state.json", "notes.tmp", "a.b-c.tmp", "x.12-zz.tmp"]
        for name in [gone, mine, parent] + others {
            XCTAssertTrue(FileManager.default.createFile(atPath: folder.path + "/" + name, contents: Data([1])))
        }
        XCTAssertEqual(AtomicFile.removeAbandonedTemporaryFiles(in: folder.path), 1)
        XCTAssertEqual(folder.entries, ([mine, parent] + others).sorted())
        XCTAssertEqual(AtomicFile.removeAbandonedTemporaryFiles(in: folder.path + "/missing"), 0)
    }

    func testDurableFoldersAreMadeLikeOthers() throws {
        let nested = folder.path + "/state/ebook-fb"
        try FileSystem.createDirectories(nested, durable: true)
        try FileSystem.createDirectories(nested, durable: true)
        try AtomicFile.replace(path: nested + "/position.json", contents: [1])
        XCTAssertEqual(try FileSystem.directoryEntries(nested), ["position.json"])
    }
}

private final class LockedName: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = ""
    var name: String {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
