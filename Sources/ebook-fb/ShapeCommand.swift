import ArgumentParser
import DeveloperTools
import Typesetting

struct ShapeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shape",
        abstract: "Print how one paragraph is shaped, in the format of hb-shape --no-glyph-names (font units).")

    @Option(help: "The font file.")
    var font: String

    @Option(parsing: .unconditional, help: "The text to shape.")
    var text: String

    func run() throws {
        print(try ShapingReport.describe(text: text, font: FontSet.resolve(path: font)))
    }
}
