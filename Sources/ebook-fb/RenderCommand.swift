import ArgumentParser
import Raster
import Typesetting

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render one page of a book to a PNG file.")

    @OptionGroup var options: BookOptions

    @Option(help: "The page to render, from 1.")
    var page: Int = 1

    @Option(help: "Where to write the PNG.")
    var out: String

    @Option(help: "Colour theme: light or dark.")
    var theme: String = "light"

    func run() throws {
        guard let theme = Theme(named: theme) else {
            throw ValidationError("unknown theme \"\(self.theme)\": use light or dark")
        }
        let typesetter = try options.typesetter()
        let pagination = typesetter.paginate()
        guard (1...pagination.pages.count).contains(page) else {
            throw CommandError("\(options.book): page \(page) does not exist; the book has \(pagination.pages.count) pages at \(options.size)")
        }
        let layout = typesetter.layoutPage(page - 1, of: pagination)
        var buffer = PixelBuffer(width: typesetter.geometry.width, height: typesetter.geometry.height)
        PagePainter(theme: theme).paint(layout, fonts: typesetter.fonts, cache: GlyphCache(), into: &buffer)
        try PNGWriter.write(buffer, to: out)
    }
}

/// A failure explained in one line for the person at the terminal.
struct CommandError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
