import BookModel
import LinuxSystem
import Reader
import Typesetting

/// The folder of 1,000 books the library's figures are measured on: each
/// a title page ("Book N of the Bench Shelf / by Author N") before the
/// first 12 KB of the benchmark's book, one in ten read part of the way.
enum BenchShelf {
    static let bookCount = 1000

    static func make(books folder: String, state: String, from book: Book) throws {
        // The book itself, past any header (whose title would name every book the same).
        let utf8 = book.text.utf8
        let start = book.paragraphs.first { $0.scalars.lowerBound >= book.metadata.bodyStart }?.bytes.lowerBound ?? 0
        let window = utf8[start...].prefix(12_000)
        let body = Array(window[..<(window.lastIndex(of: 0x0A) ?? window.endIndex)])
        var clock = 1_700_000_000.0
        for index in 1...bookCount {
            let number = String(repeating: "0", count: 4 - String(index).count) + String(index)
            let head = "Book \(number) of the Bench Shelf\n\nby Author Number \(number)\n\n\nCHAPTER I.\n\n"
            let path = folder + "/book-\(number).txt"
            do throws(SystemError) {
                try AtomicFile.replace(path: path, contents: Array(head.utf8) + body, durability: .cached)
            } catch {
                throw BenchmarkError("bench: cannot write \(path): \(error)")
            }
            guard index % 10 == 0 else { continue }
            clock += 60
            let moment = clock
            try StateStore(directory: state, wallClock: { moment })
                .save(ReadingState(book: String(repeating: "0", count: 12) + number, offset: body.count / 3, path: path,
                                   characters: body.count))
        }
    }
}
