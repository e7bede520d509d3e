import Foundation
import XCTest
@testable import Reader

/// A book that takes the reader down twice in one boot is set aside; a
/// power cut (another boot) or a stop as asked counts for nothing.
final class CrashLoopGuardTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "crash-guard-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    func testTwoAbnormalStopsWithOneBookSetItAside() {
        let guarded = CrashLoopGuard(stateDirectory: folder, boot: "boot-1")
        XCTAssertEqual(guarded.start().setAside, [])
        guarded.opening(book: "/books/bomb.epub")
        // The process dies here: nothing clears the note.
        let first = guarded.start()
        XCTAssertEqual(first.setAside, [])
        XCTAssertEqual(first.journal, ["the reader stopped abnormally with /books/bomb.epub open (1 of 2)"])
        guarded.opening(book: "/books/bomb.epub")
        let second = guarded.start()
        XCTAssertEqual(second.setAside, ["/books/bomb.epub"])
        XCTAssertEqual(second.journal.count, 2)
        XCTAssertTrue(second.journal[1].hasPrefix("/books/bomb.epub: set aside as unreadable"), second.journal[1])
        XCTAssertTrue(second.journal[1].contains(guarded.path), "the journal says how to try the book again")
        // The next start counts nothing more and still knows.
        XCTAssertEqual(guarded.start(), CrashLoopGuard.Start(setAside: ["/books/bomb.epub"], journal: []))
        XCTAssertEqual(guarded.setAside, ["/books/bomb.epub"])
    }

    func testANoteFromAnEarlierBootIsAPowerCutNotACrash() {
        CrashLoopGuard(stateDirectory: folder, boot: "boot-1").opening(book: "/books/a.txt")
        let next = CrashLoopGuard(stateDirectory: folder, boot: "boot-2")
        XCTAssertEqual(next.start(), CrashLoopGuard.Start(setAside: [], journal: []))
        next.opening(book: "/books/a.txt")
        XCTAssertEqual(CrashLoopGuard(stateDirectory: folder, boot: "boot-3").start().setAside, [])
    }

    func testABootThatCannotBeToldApartCountsNothing() {
        let unknown = CrashLoopGuard(stateDirectory: folder, boot: "")
        for _ in 0..<3 {
            unknown.opening(book: "/books/a.txt")
            XCTAssertEqual(unknown.start(), CrashLoopGuard.Start(setAside: [], journal: []))
        }
        XCTAssertFalse(CrashLoopGuard.currentBoot().isEmpty, "this machine's boot has an identity")
    }

    func testAStopAsAskedClearsTheBooksCount() {
        let guarded = CrashLoopGuard(stateDirectory: folder, boot: "b")
        guarded.opening(book: "/books/a.txt")
        _ = guarded.start() // one abnormal stop
        guarded.opening(book: "/books/a.txt")
        guarded.stoppedNormally()
        guarded.opening(book: "/books/a.txt")
        XCTAssertEqual(guarded.start().setAside, [], "a good run in between: one strike, not two")
    }

    func testStopsAreCountedPerBook() {
        let guarded = CrashLoopGuard(stateDirectory: folder, boot: "b")
        guarded.opening(book: "/books/a.txt")
        _ = guarded.start()
        guarded.opening(book: "/books/b with spaces.epub")
        XCTAssertEqual(guarded.start().setAside, [])
        guarded.opening(book: "/books/b with spaces.epub")
        XCTAssertEqual(guarded.start().setAside, ["/books/b with spaces.epub"])
    }

    func testATornOrForeignNoteIsIgnoredLineByLine() throws {
        let path = folder + "/" + CrashLoopGuard.fileName
        try Data("garbage\nstops\tx\t/a\nstops\t2\t/kept.txt\nopen\tb".utf8).write(to: URL(fileURLWithPath: path))
        let guarded = CrashLoopGuard(stateDirectory: folder, boot: "b")
        XCTAssertEqual(guarded.start().setAside, ["/kept.txt"])
    }
}
