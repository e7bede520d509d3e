import ArgumentParser
import EPUBConformance
import Reader
import Typesetting

struct ConformanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conformance",
        abstract: "Run Unicode's line breaking or bidi test file, or the W3C EPUB reading-system tests, and count what passes.")

    enum Suite: String, ExpressibleByArgument, CaseIterable {
        case linebreak, bidi, epub
    }

    @Argument(help: "linebreak (LineBreakTest.txt), bidi (BidiCharacterTest.txt) or epub (a folder of W3C EPUB tests with tests.tsv).")
    var suite: Suite

    @Argument(help: "The Unicode test file, or the folder of W3C EPUB tests.")
    var file: String

    @Option(name: .long, parsing: .upToNextOption, help: "With epub: run only these tests.")
    var only: [String] = []

    @Flag(help: "Print one JSON object.")
    var json = false

    func run() throws {
        if suite == .epub { return try runEPUB() }
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

    private func runEPUB() throws {
        let results = try W3CSuite.run(directory: file, only: only.isEmpty ? nil : Set(only))
        let passed = results.filter(\.passed)
        let core = results.filter { $0.applies == "yes" }, stretch = results.filter { $0.applies == "stretch" }
        if json {
            var object = JSONLine()
            object.add("passed", passed.count)
            object.add("failed", results.count - passed.count)
            object.add("core_passed", core.filter(\.passed).count)
            object.add("core_total", core.count)
            object.add("stretch_passed", stretch.filter(\.passed).count)
            object.add("stretch_total", stretch.count)
            object.add("not_judged", results.filter { !$0.judged }.count)
            object.add("results", objects: results.map { result in
                var entry = JSONLine()
                entry.add("test", result.test)
                entry.add("applies", result.applies)
                entry.add("passed", result.passed)
                entry.add("judged", result.judged)
                entry.add("statement", result.statement)
                entry.add("expected", result.expected)
                entry.add("observed", result.observed)
                return entry
            })
            print(object.text)
        } else {
            for result in results {
                print("\(result.passed ? "pass" : result.judged ? "FAIL" : "n/j ") \(result.test): \(result.observed)")
            }
            print("\(core.filter(\.passed).count) of \(core.count) core tests pass; \(stretch.filter(\.passed).count) of \(stretch.count) stretch")
        }
    }
}
