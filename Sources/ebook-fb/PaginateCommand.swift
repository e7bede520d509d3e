import ArgumentParser
import Reader
import Typesetting

struct PaginateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "paginate",
        abstract: "Print the pages of a book, one JSON object per line.")

    @OptionGroup var options: BookOptions
    @OptionGroup var columns: ColumnOptions

    @Flag(help: "Print JSON lines (the only format).")
    var json = false

    @Flag(name: .customLong("with-text"), help: "Include the text placed on each page.")
    var withText = false

    func run() throws {
        try write { print($0, terminator: "") }
    }

    /// The JSON lines, handed to `emit` some 64 KB at a time.
    func write(_ emit: (String) -> Void) throws {
        let typesetter = try options.typesetter(columns: columns.columns)
        // Chapter segments do not depend on each other: every processor takes some.
        let pagination = try PaginationStore.paginateWholeBook(typesetter, collectText: withText)
        let spreads = typesetter.spreads(of: pagination)
        var out = ""
        for (index, page) in pagination.pages.enumerated() {
            var object = JSONLine()
            object.add("page", index + 1)
            object.add("spread", spreads.spread(ofPage: index))
            object.add("start", page.start)
            object.add("end", page.end)
            object.add("missing_glyphs", page.missingGlyphs)
            object.add("max_space_stretch", page.maxSpaceStretch)
            object.add("images", page.images)
            object.add("floats", page.floats)
            if withText { object.add("text", pagination.pageLines[index].joined(separator: "\n")) }
            out += object.text + "\n"
            if out.utf8.count > 1 << 16 { emit(out); out = "" }
        }
        emit(out)
    }
}
