import Reader

/// A conformance suite run and told as the `conformance` command prints
/// it: counts for Unicode's files, each test and the core and stretch
/// counts for the W3C suite, or one JSON object.
public enum ConformanceReport {
    public enum Suite: String, CaseIterable, Sendable {
        case linebreak, bidi, epub
    }

    /// Runs `suite` on `file` (for epub, a folder of W3C tests; `only`
    /// names the tests to run, all when empty) and returns the report's lines.
    public static func run(_ suite: Suite, file: String, only: [String], json: Bool) throws -> String {
        if suite == .epub { return try epub(folder: file, only: only, json: json) }
        let result = suite == .linebreak ? try LineBreakConformance.run(path: file) : try BidiConformance.run(path: file)
        if json {
            var object = JSONLine()
            object.add("passed", result.passed)
            object.add("failed", result.failed)
            return object.text
        }
        let total = max(1, result.passed + result.failed)
        return "\(result.passed) passed, \(result.failed) failed (\(result.passed * 1000 / total / 10)% of \(result.passed + result.failed))"
    }

    private static func epub(folder: String, only: [String], json: Bool) throws -> String {
        let results = try W3CSuite.run(directory: folder, only: only.isEmpty ? nil : Set(only))
        let passed = results.filter(\.passed)
        let core = results.filter { $0.applies == "yes" }, stretch = results.filter { $0.applies == "stretch" }
        let fixedLayout = results.filter { $0.applies == "fxl" }
        if json {
            var object = JSONLine()
            object.add("passed", passed.count)
            object.add("failed", results.count - passed.count)
            object.add("core_passed", core.filter(\.passed).count)
            object.add("core_total", core.count)
            object.add("stretch_passed", stretch.filter(\.passed).count)
            object.add("stretch_total", stretch.count)
            object.add("fxl_passed", fixedLayout.filter(\.passed).count)
            object.add("fxl_total", fixedLayout.count)
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
            return object.text
        }
        var lines = results.map { result in
            "\(result.passed ? "pass" : result.judged ? "FAIL" : "n/j ") \(result.test): \(result.observed)"
        }
        lines.append("\(core.filter(\.passed).count) of \(core.count) core tests pass; \(stretch.filter(\.passed).count) of \(stretch.count) stretch")
        if !fixedLayout.isEmpty { lines.append("\(fixedLayout.filter(\.passed).count) of \(fixedLayout.count) fixed-layout tests pass") }
        return lines.joined(separator: "\n")
    }
}
