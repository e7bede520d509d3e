/// The budgets file: one budget a line, `FIGURE [at WIDTHxHEIGHT] OP
/// AMOUNT`, where OP is <=, <, == or >= and AMOUNT is a number, `N
/// frames` or `N frames + M` (a frame buffer at the measured size, in
/// MB). `#` starts a comment. A budget for one size replaces the general
/// one of the same figure at that size.
public enum BudgetFile {
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let line: Int
        public let reason: String
        public var description: String { "line \(line): \(reason)" }
    }

    public static func parse(_ text: String) throws(ParseError) -> [Budget] {
        var budgets: [Budget] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let content = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let words = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard !words.isEmpty else { continue }
            budgets.append(try budget(words, line: index + 1))
        }
        return budgets
    }

    private static func budget(_ words: [String], line: Int) throws(ParseError) -> Budget {
        var rest = words[...]
        let figure = rest.removeFirst()
        var size: String?
        if rest.first == "at" {
            rest.removeFirst()
            guard let given = rest.popFirst(), isSize(given) || isQuota(given) else {
                throw ParseError(line: line, reason: "\"at\" takes a size, WIDTHxHEIGHT, or a share of one core, N%")
            }
            size = given
        }
        guard let symbol = rest.popFirst(), let comparison = Budget.Comparison(rawValue: symbol) else {
            throw ParseError(line: line, reason: "\(figure): expected <=, <, == or >= after the figure")
        }
        let amount = Array(rest)
        func number(_ word: String) throws(ParseError) -> Double {
            guard let value = Double(word), value.isFinite else {
                throw ParseError(line: line, reason: "\(figure): \"\(word)\" is not a number")
            }
            return value
        }
        switch amount.count {
        case 1:
            return Budget(figure: figure, comparison: comparison, constant: try number(amount[0]), size: size)
        case 2 where amount[1] == "frames":
            return Budget(figure: figure, comparison: comparison, frames: try number(amount[0]), constant: 0, size: size)
        case 4 where amount[1] == "frames" && amount[2] == "+":
            return Budget(figure: figure, comparison: comparison, frames: try number(amount[0]),
                          constant: try number(amount[3]), size: size)
        default:
            throw ParseError(line: line, reason: "\(figure): expected a number, N frames, or N frames + M")
        }
    }

    private static func isSize(_ text: String) -> Bool {
        let sides = text.split(separator: "x", omittingEmptySubsequences: false)
        return sides.count == 2 && sides.allSatisfy { Int($0).map { $0 > 0 } ?? false }
    }

    /// A share of one core, `25%` (`bench --cpu-quota 25`).
    private static func isQuota(_ text: String) -> Bool {
        text.hasSuffix("%") && Int(text.dropLast()).map { (1...100).contains($0) } == true
    }

    /// The budgets that hold at `size` (and under `quota`, `25%`, when the
    /// run had one), in the file's order: a budget for the quota replaces
    /// the one for the size, which replaces the general one of its figure;
    /// other sizes' and quotas' are left out.
    public static func applicable(_ budgets: [Budget], size: String, quota: String? = nil) -> [Budget] {
        // The conditions a run meets, the most particular first; nil stands for the general budget.
        let conditions: [String?] = (quota.map { [$0] } ?? []) + [size, nil]
        func rank(_ budget: Budget) -> Int? { conditions.firstIndex(of: budget.size) }
        let best = Dictionary(budgets.compactMap { budget in rank(budget).map { (budget.figure, $0) } }, uniquingKeysWith: min)
        return budgets.filter { budget in rank(budget).map { $0 == best[budget.figure] } ?? false }
    }

    /// Each budget that holds at `size` (under `quota`, when given) against
    /// `figures` (a run's numbers by key), a frame buffer being `frameMegabytes`.
    public static func judge(_ budgets: [Budget], figures: [String: Double], size: String, quota: String? = nil,
                             frameMegabytes: Double) -> [BudgetVerdict] {
        applicable(budgets, size: size, quota: quota).map { budget in
            BudgetVerdict(budget: budget, value: figures[budget.figure], limit: budget.limit(frameMegabytes: frameMegabytes),
                          frameMegabytes: frameMegabytes)
        }
    }

    /// The file `bench` reads unless given one: the repository's
    /// (`Sources/Benchmarks/budgets.txt`) in the folder of the executable or
    /// the nearest folder above it that has one (a build inside the
    /// checkout finds it), else `budgets.txt` in the current folder; nil
    /// when there is none.
    public static func defaultPath(executable: String, currentFolder: String, exists: (String) -> Bool) -> String? {
        var folder = executable
        while let slash = folder.lastIndex(of: "/") {
            folder = String(folder[..<slash])
            let candidate = (folder.isEmpty ? "" : folder) + "/" + repositoryPath
            if exists(candidate) { return candidate }
            if folder.isEmpty { break }
        }
        let here = currentFolder.hasSuffix("/") ? currentFolder + fileName : currentFolder + "/" + fileName
        return exists(here) ? here : nil
    }

    public static let fileName = "budgets.txt"
    /// Where the file lives in the repository, beside the code that reads it.
    public static let repositoryPath = "Sources/Benchmarks/" + fileName
}
