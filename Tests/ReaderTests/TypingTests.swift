import BookModel
import Devices
import Foundation
import Typesetting
import XCTest
@testable import Reader

/// A hardware keyboard types into the text field open on screen, and
/// gives its commands on the bare page.
final class TypingTests: XCTestCase {
    private static let bookPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Books/the-lamplighter.txt").path

    private final class Keys: InputSource {
        var items: [InputItem]
        init(_ items: [InputItem]) { self.items = items }
        var pollDescriptors: [Int32] { [] }
        var nextInputTime: Double? { items.first.map(Self.time) }
        var isExhausted: Bool { items.isEmpty }
        func read(upTo time: Double) -> [InputItem] {
            let due = items.prefix { Self.time($0) <= time }
            items.removeFirst(due.count)
            return Array(due)
        }
        func drainWarnings() -> [String] { [] }
        static func time(_ item: InputItem) -> Double {
            switch item {
            case let .typed(_, _, time), let .command(_, time), let .switchConsole(_, time): time
            case let .touches(frame): frame.time
            case .deviceChanged: 0
            }
        }
    }

    func testKeysTypeIntoTheSearchAndTurnPagesOnThePage() throws {
        let settings = ReaderSession.Settings(geometry: PageGeometry(width: 800, height: 480, fontSize: 20),
                                              font: ReaderSessionTests.font, theme: .light, language: "en")
        let reader = try ReaderSession(book: try Book.open(path: Self.bookPath), path: Self.bookPath, settings: settings,
                                       start: .page(1), stateStore: nil)
        defer { reader.stop() }
        reader.finishBackgroundWork()
        let first = reader.currentOffset
        try ReaderLoop(scene: reader, display: HeadlessDisplay(width: 800, height: 480),
                       input: Keys([.typed(.text(" "), command: .nextPage, time: 100)]), clock: VirtualClock(start: 0)).run()
        XCTAssertGreaterThan(reader.currentOffset, first, "space turns the page")
        XCTAssertFalse(reader.takesTyping)

        let search = SearchScreen(language: "en")
        reader.open(search)
        XCTAssertTrue(reader.takesTyping)
        let turned = reader.currentOffset
        try ReaderLoop(scene: reader, display: HeadlessDisplay(width: 800, height: 480),
                       input: Keys([.typed(.text("l"), command: .openLibrary, time: 2000),
                                    .typed(.text("x"), command: nil, time: 2100),
                                    .typed(.deleteBackward, command: .previousPage, time: 2200),
                                    .typed(.text("a"), command: nil, time: 2300),
                                    .typed(.text(" "), command: .nextPage, time: 2400)]),
                       clock: VirtualClock(start: 1900)).run()
        XCTAssertEqual(search.query, "la ")
        XCTAssertEqual(reader.currentOffset, turned, "no page turned while typing")
        XCTAssertEqual(reader.screenName, "search")
    }
}
