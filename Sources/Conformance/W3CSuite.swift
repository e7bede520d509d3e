import EPUB
import LinuxSystem

/// Runs the W3C EPUB reading-system tests a directory holds (those its
/// `tests.tsv` marks `yes`, `stretch` or `fxl`) and judges each by what the
/// reader shows.
public enum W3CSuite {
    public struct Result: Sendable {
        public var test: String
        /// `yes` (core), `stretch` or `fxl` (fixed layout).
        public var applies: String
        public var passed: Bool
        /// False when a person must judge the test.
        public var judged: Bool
        public var statement: String
        /// The test's pass statement, quoted, and what it asks of the reader in the reader's terms.
        public var expected: String
        public var observed: String
    }

    public static func run(directory: String, only: Set<String>? = nil) throws -> [Result] {
        let table = String(decoding: try FileDescriptor.readFile(directory + "/tests.tsv"), as: UTF8.self)
        let expectations = Dictionary(W3CExpectations.all.map { ($0.test, $0) }, uniquingKeysWith: { first, _ in first })
        var results: [Result] = []
        for line in table.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 2, ["yes", "stretch", "fxl"].contains(fields[1]) else { continue }
            let test = fields[0]
            if let only, !only.contains(test) { continue }
            guard let expectation = expectations[test] else {
                results.append(Result(test: test, applies: fields[1], passed: false, judged: false, statement: "",
                                      expected: "no expectation is written for this test", observed: "not run"))
                continue
            }
            results.append(judge(expectation, applies: fields[1], directory: directory))
        }
        return results
    }

    private static func judge(_ expectation: W3CExpectation, applies: String, directory: String) -> Result {
        var result = Result(test: expectation.test, applies: applies, passed: false, judged: true,
                            statement: expectation.statement,
                            expected: "\u{201C}\(expectation.statement)\u{201D}: \(expectation.expected)", observed: "")
        guard statementIsQuoted(expectation, directory: directory) else {
            result.observed = "the quoted pass statement is not in the book's content"
            return result
        }
        switch expectation.judge {
        case let .notJudgeable(reason):
            result.judged = false
            result.observed = "not judged by a program: \(reason)"
        case let .program(judge):
            let verdict = judge(JudgeContext(directory: directory, test: expectation.test))
            result.passed = verdict.passed
            result.observed = verdict.observed
        }
        return result
    }

    /// Whether the book's documents hold the statement the table quotes.
    private static func statementIsQuoted(_ expectation: W3CExpectation, directory: String) -> Bool {
        guard let texts = try? EPUBText.documents(inBookAt: "\(directory)/\(expectation.test).epub") else { return false }
        let quote = TextMatch.normalized(expectation.statement)
        return texts.contains { TextMatch.normalized($0).contains(quote) }
    }
}
