import BookFormats
import BookModel
import Foundation
import LinuxSystem
import Raster
@testable import Reader
import Typesetting

/// A books folder of the test's own with small books, a state folder and
/// a cover cache beside it, removed at the end.
struct LibraryFixture {
    let root: String
    var books: String { root + "/books" }
    var state: StateStore
    var covers: CoverCache { CoverCache(directory: root + "/covers") }

    /// Title pages "TITLE / by AUTHOR" with a chapter after them.
    static func text(title: String, author: String, paragraphs: Int = 80) -> String {
        "\(title)\n\nby \(author)\n\n\nCHAPTER I.\n\n"
            + (0..<paragraphs).map { "Paragraph \($0 + 1) of \(title), about the harbour, the lamps and the tide." }
            .joined(separator: "\n\n") + "\n"
    }

    /// Positions are stamped with times that only go forward, as the wall clock's would.
    init(books named: [(file: String, title: String, author: String)]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("ebook-fb-library-\(UUID())").path
        try FileManager.default.createDirectory(atPath: root + "/books", withIntermediateDirectories: true)
        for book in named {
            try Data(Self.text(title: book.title, author: book.author).utf8)
                .write(to: URL(fileURLWithPath: root + "/books/" + book.file))
        }
        state = StateStore(directory: root + "/state", wallClock: { 1_700_000_000 + monotonicMilliseconds() / 1000 })
    }

    /// A fixture of `count` books named book-0001.txt and on.
    init(count: Int) throws {
        try self.init(books: (1...count).map { index in
            let number = String(format: "%04d", index)
            return ("book-\(number).txt", "Book \(number)", "Author \(number)")
        })
    }

    func library(width: Int = 800, height: Int = 480, theme: Theme = .light) throws -> LibraryScreen {
        let formats = BookFormats()
        let folder = LibraryFolder(path: books) { [books] name in formats.lists(fileAt: books + "/" + name) }
        return try LibraryScreen(folder: folder, formats: formats, coverCache: covers, store: state,
                                 font: ReaderSessionTests.font, theme: theme, width: width, height: height)
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }
}
