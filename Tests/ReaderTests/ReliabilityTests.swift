import BookModel
import Foundation
import Gestures
import LinuxInput
import LinuxSystem
@testable import Reader
import ReaderTools
import Typesetting
import XCTest

/// Faults around the reader: a state folder that cannot be written (missing
/// device, full disk), the configuration file, and a long run of turns.
final class ReliabilityTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("ebook-fb-faults-\(UUID())").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: root) }

    private func session(store: StateStore?) throws -> ReaderSession {
        let settings = ReaderSession.Settings(geometry: PageGeometry(width: 400, height: 300, fontSize: 14),
                                              font: ReaderSessionTests.font, theme: .light)
        return try ReaderSession(book: try ReaderSessionTests.longBook(), path: "long.txt", settings: settings,
                                 start: .offset(0), stateStore: store)
    }

    private func flicks(_ count: Int) -> [TouchFrame] {
        (0..<count).flatMap { index -> [TouchFrame] in
            let start = Double(index) * 700
            return (0...10).map { step in
                TouchFrame(time: start + Double(step) * 8, touches: [Touch(id: index + 1, x: 350 - Double(step) * 40, y: 150)])
            } + [TouchFrame(time: start + 88, touches: [])]
        }
    }

    func testAStateDirectoryUnderAFileWarnsOnceAndReadingGoesOn() throws {
        let reader = try session(store: StateStore(directory: "/dev/null/ebook-fb"))
        defer { reader.stop() }
        try HeadlessRun(session: reader).run(flicks(5))
        XCTAssertEqual(reader.currentPage, 5, "every flick turned a page")
        let warnings = reader.drainWarnings()
        XCTAssertEqual(warnings.count, 1, "one warning, not one per page: \(warnings)")
        XCTAssertTrue(warnings[0].contains("/dev/null/ebook-fb"))
        XCTAssertTrue(warnings[0].contains("not saved"))
        XCTAssertNotNil(reader.places.saveFailure)
    }

    func testAFullDiskLosesNoPageAndSavingResumesWhenThereIsRoom() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { throw XCTSkip("/dev/full is not present") }
        let store = StateStore(directory: root)
        let reader = try session(store: store)
        defer { reader.stop() }
        let hash = StateStore.contentHash(of: reader.book.text.utf8)
        // Every write of the state file lands on a device that is always full
        // (the save runs on this thread, so this is its temporary file).
        let temporary = AtomicFile.temporaryPath(for: store.path(forBook: hash))
        func fillDisk() throws {
            if (try? FileManager.default.destinationOfSymbolicLink(atPath: temporary)) == nil {
                try FileManager.default.createSymbolicLink(atPath: temporary, withDestinationPath: "/dev/full")
            }
        }
        try fillDisk()
        var full = HeadlessRun(session: reader)
        // The failed write removed it; the disk stays full, whether or not a frame follows the last save.
        full.onFrame = { _, _ in try fillDisk() }
        full.beforeExitSave = fillDisk
        try full.run(flicks(1))
        try? FileManager.default.removeItem(atPath: temporary)
        XCTAssertEqual(reader.currentPage, 1)
        let warnings = reader.drainWarnings()
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings[0].contains("No space left on device"), warnings[0])
        XCTAssertFalse(FileManager.default.fileExists(atPath: store.path(forBook: hash)), "nothing half-written")

        // Room again: the next settled page is saved and that is said.
        try HeadlessRun(session: reader).run(flicks(1).map { TouchFrame(time: $0.time + 5000, touches: $0.touches) })
        XCTAssertEqual(reader.currentPage, 2)
        XCTAssertNil(reader.places.saveFailure)
        XCTAssertTrue(reader.drainWarnings().contains { $0.contains("saved again") })
        guard case let .found(state) = store.load(book: hash) else { return XCTFail("the position is saved") }
        XCTAssertEqual(state.offset, reader.currentOffset)
    }

    func testStateFileBytesAreAcceptedOnlyWhenWhole() throws {
        let state = ReadingState(book: "0123456789abcdef", offset: 42, path: "/b.txt")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(state)
        XCTAssertEqual(StateStore.decodeState(data, book: "0123456789abcdef"), state)
        for length in 0..<data.count {
            XCTAssertNil(StateStore.decodeState(data.prefix(length), book: "0123456789abcdef"), "torn at \(length)")
        }
        XCTAssertNil(StateStore.decodeState(data, book: "fedcba9876543210"), "another book's position")
    }

    func testASoakOfTurnsZoomsAndFontChangesLeaksNoDescriptorAndNeverStalls() throws {
        let reader = try session(store: StateStore(directory: root + "/state"))
        defer { reader.stop() }
        var schedule = SoakRun.Schedule()
        schedule.zoomEvery = 10
        schedule.fontChangeEvery = 40
        schedule.warmUpTurns = 20
        let report = try SoakRun(session: reader, schedule: schedule).run(turns: 120)
        XCTAssertEqual(report.turns, 120)
        XCTAssertEqual(report.zooms, 12)
        XCTAssertEqual(report.fontChanges, 3)
        XCTAssertEqual(report.stalls, 0)
        XCTAssertEqual(report.descriptorsEnd, report.descriptorsStart)
        XCTAssertGreaterThan(report.residentStart, 0)
        XCTAssertGreaterThanOrEqual(report.farthestPage, 100)
        XCTAssertEqual(reader.cache.allocatedBuffers, 3)
        XCTAssertTrue(reader.drainWarnings().isEmpty)
    }

    /// The hash names the state file: any change to the text, in any byte
    /// or in its length, must give another name.
    func testTheContentHashSeesEveryByteAndTheLength() {
        let text = Array("It was the best of times, it was the worst of times.".utf8)
        var names: Set<String> = [StateStore.contentHash(of: text)]
        for index in text.indices {
            var changed = text
            changed[index] ^= 0x01
            names.insert(StateStore.contentHash(of: changed))
        }
        names.insert(StateStore.contentHash(of: text + [0]))
        names.insert(StateStore.contentHash(of: Array(text.dropLast())))
        names.insert(StateStore.contentHash(of: []))
        XCTAssertEqual(names.count, text.count + 4)
        XCTAssertEqual(StateStore.contentHash(of: text), StateStore.contentHash(of: text), "deterministic")
        XCTAssertTrue(names.allSatisfy { $0.count == 16 && $0.allSatisfy(\.isHexDigit) })
    }
}
