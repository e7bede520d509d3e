import ArgumentParser
import Conformance

struct ConformanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conformance",
        abstract: "Run Unicode's line breaking or bidi test file, or the W3C EPUB reading-system tests, and count what passes.")

    @Argument(help: "linebreak (LineBreakTest.txt), bidi (BidiCharacterTest.txt) or epub (a folder of W3C EPUB tests with tests.tsv).")
    var suite: ConformanceReport.Suite

    @Argument(help: "The Unicode test file, or the folder of W3C EPUB tests.")
    var file: String

    @Option(name: .long, parsing: .upToNextOption, help: "With epub: run only these tests.")
    var only: [String] = []

    @Flag(help: "Print one JSON object.")
    var json = false

    func run() throws {
        print(try ConformanceReport.run(suite, file: file, only: only, json: json))
    }
}

extension ConformanceReport.Suite: ExpressibleByArgument {}
