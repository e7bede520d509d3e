import BookModel
import FoundationEssentials
import Typesetting

/// Runs Unicode's LineBreakTest.txt through the line breaking the
/// typesetter uses (ICU, root rules).
public enum LineBreakConformance {
    /// Passed and failed test lines.
    public static func run(path: String) throws -> (passed: Int, failed: Int) {
        let text = try ConformanceFile.read(path)
        let finder = LineBreakFinder(language: nil)
        var passed = 0, failed = 0
        for line in text.split(separator: "\n") {
            let body = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let tokens = body.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard tokens.count >= 3 else { continue }
            var scalars: [UInt32] = []
            var expected: [Bool] = []
            for token in tokens.dropFirst() {
                if token == "÷" || token == "×" {
                    expected.append(token == "÷")
                } else if let value = UInt32(token, radix: 16) {
                    scalars.append(value)
                }
            }
            guard !scalars.isEmpty, expected.count == scalars.count else { continue }
            let found = finder.opportunities(scalars).map { $0 != .none }
            if found == expected { passed += 1 } else { failed += 1 }
        }
        return (passed, failed)
    }
}

/// Reading Unicode's test files, with errors that name the file.
enum ConformanceFile {
    static func read(_ path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BookError.unreadable(path: path, reason: "no such file or it cannot be read")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
