import ArgumentParser
import DeveloperTools
import Reader
import Typesetting

/// `ebook-fb soak BOOK --turns N`: the reader's loop, headless, through many
/// page turns, zooms and font changes; reports memory, descriptors and stalls.
struct SoakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Turn pages headless for a long time and report memory, file descriptors and stalls.")

    @OptionGroup var options: BookOptions

    @Option(help: "How many page turns.")
    var turns: Int = 10_000

    @Option(name: .customLong("zoom-every"), help: "Zoom in and out after every this many turns.")
    var zoomEvery: Int = 50

    @Option(name: .customLong("font-change-every"), help: "Change the font size after every this many turns.")
    var fontChangeEvery: Int = 1000

    @Flag(help: "Print one JSON object (the only format).")
    var json = false

    func run() throws {
        let soak = try SoakTest(turns: turns, zoomEvery: zoomEvery, fontChangeEvery: fontChangeEvery)
        let settings = ReaderSession.Settings(geometry: try options.geometry(), font: try FontSet.resolve(path: options.font),
                                              theme: .light, language: options.lang, lineBreaking: options.lineBreaking)
        print(try soak.run(book: try options.openBook(), path: options.book, settings: settings))
    }
}
