import ArgumentParser
import BookModel
import LinuxSystem
import Reader
import Search
import Typesetting

/// `ebook-fb search BOOK QUERY`: every hit of the query in book order,
/// with its page at the size given, its context and its chapter.
struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find a query in a book: one line per hit, in book order.")

    @OptionGroup var options: BookOptions
    @OptionGroup var columns: ColumnOptions

    @Argument(help: "What to find: case and accents are ignored, any run of white space matches any other.")
    var query: String

    @Flag(help: "Match case and accents as written.")
    var exact = false

    @Flag(help: "Print one JSON object per hit.")
    var json = false

    func run() throws {
        let book = try options.openBook()
        let chapters = ChapterTitles(book: book)
        // Paginated once the first hit is found: a query with none costs no pagination.
        var pageStarts: [Int]?
        var out = ""
        for hit in BookSearch(text: book.text).hits(of: query, matching: exact ? .exact : .ignoringCaseAndAccents) {
            if pageStarts == nil {
                pageStarts = try PaginationStore.paginateWholeBook(options.typesetter(book: book, columns: columns.columns)).pages.map(\.start)
            }
            let page = Self.page(holding: hit.scalars.lowerBound, starts: pageStarts ?? [])
            let context = HitContext(of: hit, in: book)
            let chapter = chapters.title(at: hit.scalars.lowerBound)
            if json {
                var object = JSONLine()
                object.add("page", page)
                object.add("start", hit.scalars.lowerBound)
                object.add("end", hit.scalars.upperBound)
                object.add("context", context.text)
                if !chapters.isEmpty { object.add("chapter", orNull: chapter) }
                out += object.text + "\n"
            } else {
                let shown = (context.cutBefore ? "…" : "") + context.text + (context.cutAfter ? "…" : "")
                out += "page \(page)" + (chapter.map { ", \($0)" } ?? "") + ": " + shown.escapingControlCharacters + "\n"
            }
            if out.utf8.count > 1 << 16 {
                print(out, terminator: "")
                out = ""
            }
        }
        print(out, terminator: "")
    }

    /// The 1-based page whose text starts last at or before `offset`, as
    /// `paginate` reports the pages.
    static func page(holding offset: Int, starts: [Int]) -> Int {
        var low = 0, high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        return max(low, 1)
    }
}
