import ArgumentParser
import BookModel
import Raster
import Typesetting

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render one page of a book, or the spread holding it, to a PNG file of the screen's size.")

    @OptionGroup var options: BookOptions
    @OptionGroup var columns: ColumnOptions

    @Option(parsing: .unconditional, help: "The page to render, from 1.")
    var page: Int = 1

    @Option(help: "Where to write the PNG.")
    var out: String

    @Option(help: "Colour theme: light, sepia, dark or high-contrast.")
    var theme: String = "light"

    func run() throws {
        guard let theme = Theme(named: theme) else {
            throw ValidationError("unknown theme \"\(self.theme)\": use \(Theme.namesListed)")
        }
        guard page >= 1 else { throw CommandError("page \(page): pages count from 1") }
        let (typesetter, pagination) = try paginate()
        guard (1...pagination.pages.count).contains(page) else {
            throw CommandError("\(options.book): page \(page) does not exist; the book has \(pagination.pages.count) pages at \(options.size)")
        }
        let layout = typesetter.layoutSpread(typesetter.spreads(of: pagination).spread(ofPage: page - 1), of: pagination)
        var buffer = PixelBuffer(width: typesetter.spread.screenWidth, height: typesetter.spread.screenHeight)
        PagePainter(theme: theme).paint(layout, fonts: typesetter.fonts, cache: GlyphCache(), into: &buffer)
        try PNGWriter.write(buffer, to: out)
    }

    /// A book read whole is paginated whole (the footer's count is exact).
    /// A larger file is read in growing windows only until the page is in
    /// one, and paginated only up to it; its page count is an estimate.
    private func paginate() throws -> (Typesetter, Pagination) {
        var window = Self.firstWindow
        while true {
            let book = try options.openBook(window: window)
            if !book.isComplete, book.text.sourceByteCount <= Book.largeBookWindow {
                window = Book.largeBookWindow
                continue
            }
            let typesetter = try options.typesetter(book: book, columns: columns.columns)
            if book.isComplete, book.text.sourceByteCount <= Book.largeBookWindow {
                return (typesetter, typesetter.paginate())
            }
            let pagination = typesetter.paginate(through: page)
            if pagination.pages.count > page + 1 || book.isComplete || window >= Self.largestWindow {
                return (typesetter, pagination)
            }
            window *= 4
        }
    }

    /// The window a large book is first read in, and the largest it grows to.
    static let firstWindow = 1 << 20
    static let largestWindow = 256 << 20
}

/// A failure explained in one line for the person at the terminal.
struct CommandError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
