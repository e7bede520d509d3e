import Foundation
import Glibc
import XCTest
@testable import Reader

/// Following the books folder: which files are complete, with time given.
final class FolderFollowerTests: XCTestCase {
    private let small = FolderFollower.Signature(size: 10, modified: 1)

    func testFilesThereAtTheStartAreComplete() {
        var follower = FolderFollower()
        follower.start(with: ["a.txt": small, "b.txt": small])
        XCTAssertEqual(follower.completeFiles, ["a.txt", "b.txt"])
        XCTAssertEqual(follower.unsettled, [])
        XCTAssertNil(follower.nextCheck(after: 0))
    }

    func testAFileBeingWrittenWaitsForItsCloseAndAQuietSecond() {
        var follower = FolderFollower(quietInterval: 1000, abandonedInterval: 60_000)
        follower.start(with: [:])
        follower.note(.created("new.txt"), at: 100)
        follower.observe("new.txt", signature: FolderFollower.Signature(size: 0, modified: 1), at: 100)
        follower.note(.written("new.txt"), at: 200)
        follower.observe("new.txt", signature: FolderFollower.Signature(size: 4096, modified: 2), at: 200)
        follower.check(at: 5000) { _ in FolderFollower.Signature(size: 4096, modified: 2) }
        XCTAssertFalse(follower.isComplete("new.txt"), "a writer still holds it, however long it stays the same")
        follower.note(.closedAfterWriting("new.txt"), at: 6000)
        follower.observe("new.txt", signature: FolderFollower.Signature(size: 8192, modified: 3), at: 6000)
        XCTAssertEqual(follower.nextCheck(after: 6000), 7000)
        follower.check(at: 6999) { _ in FolderFollower.Signature(size: 8192, modified: 3) }
        XCTAssertFalse(follower.isComplete("new.txt"), "not before a quiet second")
        follower.check(at: 7000) { _ in FolderFollower.Signature(size: 8192, modified: 3) }
        XCTAssertEqual(follower.completeFiles, ["new.txt"])
        XCTAssertNil(follower.nextCheck(after: 7000))
    }

    func testAChangeWhileSettlingStartsTheQuietIntervalAgain() {
        var follower = FolderFollower(quietInterval: 1000)
        follower.start(with: [:])
        follower.note(.movedIn("synced.txt"), at: 0)
        follower.observe("synced.txt", signature: small, at: 0)
        follower.check(at: 800) { _ in FolderFollower.Signature(size: 20, modified: 2) }
        follower.check(at: 1500) { _ in FolderFollower.Signature(size: 20, modified: 2) }
        XCTAssertFalse(follower.isComplete("synced.txt"), "it changed at 800 ms")
        follower.check(at: 1800) { _ in FolderFollower.Signature(size: 20, modified: 2) }
        XCTAssertTrue(follower.isComplete("synced.txt"), "renamed in, with no writer, quiet for a second")
    }

    func testARewrittenBookIsTakenOffUntilCompleteAgainAndARemovedOneGoes() {
        var follower = FolderFollower(quietInterval: 1000)
        follower.start(with: ["a.txt": small, "b.txt": small])
        follower.note(.written("a.txt"), at: 10)
        follower.note(.removed("b.txt"), at: 20)
        XCTAssertEqual(follower.completeFiles, [])
        follower.note(.attributesChanged("a.txt"), at: 30)
        XCTAssertEqual(follower.unsettled, ["a.txt"])
        follower.note(.closedAfterWriting("a.txt"), at: 40)
        follower.check(at: 40) { _ in small }
        follower.check(at: 1040) { _ in small }
        XCTAssertEqual(follower.completeFiles, ["a.txt"])
    }

    func testATouchLeavesACompleteBookListedAndAVanishedFileIsForgotten() {
        var follower = FolderFollower(quietInterval: 1000)
        follower.start(with: ["a.txt": small])
        follower.note(.attributesChanged("a.txt"), at: 5)
        XCTAssertEqual(follower.completeFiles, ["a.txt"])
        follower.note(.created("gone.txt"), at: 10)
        follower.check(at: 20) { _ in nil }
        XCTAssertEqual(follower.unsettled, [], "a file that is gone when looked at is forgotten")
    }

    func testAWriterThatNeverClosesIsGivenUpAfterTheAbandonedInterval() {
        var follower = FolderFollower(quietInterval: 1000, abandonedInterval: 60_000)
        follower.start(with: [:])
        follower.note(.created("stuck.txt"), at: 0)
        follower.observe("stuck.txt", signature: small, at: 0)
        XCTAssertEqual(follower.nextCheck(after: 0), 60_000)
        follower.check(at: 59_999) { _ in self.small }
        XCTAssertFalse(follower.isComplete("stuck.txt"))
        follower.check(at: 60_000) { _ in self.small }
        XCTAssertTrue(follower.isComplete("stuck.txt"))
    }

    /// The folder on disk with inotify, time given by the test.
    func testTheFolderOnDiskFollowsArrivalsWritesAndRemovals() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ebook-fb-follow-\(UUID())").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("Old book".utf8).write(to: URL(fileURLWithPath: path + "/old.txt"))
        try Data("not a book".utf8).write(to: URL(fileURLWithPath: path + "/cover.jpg"))
        let folder = LibraryFolder(path: path + "/") { $0.hasSuffix(".txt") }
        XCTAssertNil(folder.problem)
        XCTAssertNotNil(folder.fileDescriptor)
        XCTAssertEqual(folder.path, path, "without the trailing slash")
        XCTAssertEqual(folder.bookNames, ["old.txt"])
        XCTAssertEqual(folder.status(of: "old.txt")?.size, 8)

        // A writer still at work: the file is not listed.
        let fd = open(path + "/new.txt", O_CREAT | O_WRONLY, 0o644)
        XCTAssertEqual(write(fd, "New", 3), 3)
        XCTAssertFalse(folder.update(at: 1000))
        XCTAssertEqual(folder.bookNames, ["old.txt"])
        XCTAssertEqual(write(fd, " book", 5), 5)
        close(fd)
        XCTAssertFalse(folder.update(at: 1500), "closed, but not quiet for a second yet")
        XCTAssertEqual(folder.nextCheck(after: 1500), 2500)
        XCTAssertTrue(folder.update(at: 2500))
        XCTAssertEqual(folder.bookNames, ["new.txt", "old.txt"])
        XCTAssertEqual(folder.status(of: "new.txt")?.size, 8)

        // A rename into the folder, a hidden file and a removal.
        try Data("Synced".utf8).write(to: URL(fileURLWithPath: path + "/.partial"))
        XCTAssertEqual(rename(path + "/.partial", path + "/synced.txt"), 0)
        try FileManager.default.removeItem(atPath: path + "/old.txt")
        XCTAssertTrue(folder.update(at: 3000), "the removal shows at once")
        XCTAssertEqual(folder.bookNames, ["new.txt"])
        XCTAssertTrue(folder.update(at: 4000))
        XCTAssertEqual(folder.bookNames, ["new.txt", "synced.txt"])
    }

    func testAFolderThatCannotBeFollowedSaysWhy() {
        let folder = LibraryFolder(path: "/nonexistent-books") { _ in true }
        XCTAssertNotNil(folder.problem)
        XCTAssertEqual(folder.bookNames, [])
    }
}
