import ArgumentParser
import Reader
import Typesetting

struct ConformanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conformance",
        abstract: "Run a Unicode test file through the line breaking or bidi code and count the lines that pass.")

    enum Suite: String, ExpressibleByArgument, CaseIterable {
        case linebreak, bidi
    }

    @Argument(help: "linebreak (LineBreakTest.txt) or bidi (BidiCharacterTest.txt).")
    var suite: Suite

    @Argument(help: "The Unicode test file.")
    var file: String

    @Flag(help: "Print one JSON object.")
    var json = false

    func run() throws {
        let result = suite == .linebreak ? try LineBreakConformance.run(path: file) : try BidiConformance.run(path: file)
        if json {
            var object = JSONLine()
            object.add("passed", result.passed)
            object.add("failed", result.failed)
            print(object.text)
        } else {
            let total = max(1, result.passed + result.failed)
            print("\(result.passed) passed, \(result.failed) failed (\(result.passed * 1000 / total / 10)% of \(result.passed + result.failed))")
        }
    }
}
