/// One performance budget: a figure of `bench`, how it must compare, and
/// its limit, which may grow with the size of a frame at the measured size
/// (memory budgets count frame buffers).
public struct Budget: Equatable, Sendable {
    public enum Comparison: String, Sendable, CaseIterable {
        case atMost = "<=", below = "<", exactly = "==", atLeast = ">="
    }

    /// The figure's key in `bench`'s JSON.
    public var figure: String
    public var comparison: Comparison
    /// Frame buffers (of 4 bytes a pixel, in MB) in the limit.
    public var frames: Double
    /// The rest of the limit, in the figure's unit.
    public var constant: Double
    /// The page size (WIDTHxHEIGHT) the budget is for; nil for every size.
    public var size: String?

    public init(figure: String, comparison: Comparison, frames: Double = 0, constant: Double, size: String? = nil) {
        self.figure = figure
        self.comparison = comparison
        self.frames = frames
        self.constant = constant
        self.size = size
    }

    /// The limit for frames of `frameMegabytes` each.
    public func limit(frameMegabytes: Double) -> Double {
        frames * frameMegabytes + constant
    }

    /// Whether `value` keeps within the budget.
    public func admits(_ value: Double, frameMegabytes: Double) -> Bool {
        let limit = limit(frameMegabytes: frameMegabytes)
        switch comparison {
        case .atMost: return value <= limit
        case .below: return value < limit
        case .exactly: return value == limit
        case .atLeast: return value >= limit
        }
    }

    /// The budget as the file writes it: "<= 60", "<= 5 frames + 24".
    public var text: String {
        let amount = frames == 0 ? Self.number(constant)
            : "\(Self.number(frames)) frames" + (constant == 0 ? "" : " + \(Self.number(constant))")
        return comparison.rawValue + " " + amount
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// What a budget says of one run's figure.
public struct BudgetVerdict: Equatable, Sendable {
    public var budget: Budget
    /// The figure's value; nil when this run did not measure it.
    public var value: Double?
    /// The limit at the run's size.
    public var limit: Double
    /// nil when the figure was not measured.
    public var passed: Bool? {
        value.map { budget.admits($0, frameMegabytes: frameMegabytes) }
    }
    let frameMegabytes: Double

    /// One line for a person: figure, value, budget and verdict.
    public var line: String {
        let figure = budget.figure.padding(to: 34)
        let shown = value.map { Self.rounded($0) } ?? "-"
        let verdict = passed.map { $0 ? "pass" : "FAIL" } ?? "not measured"
        let limitText = budget.frames == 0 ? budget.text : "\(budget.text) (\(Self.rounded(limit)))"
        return "\(figure) \(shown.padding(to: 10)) \(limitText.padding(to: 28)) \(verdict)"
    }

    static func rounded(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        return Budget.number((value * 100).rounded() / 100)
    }
}

extension String {
    fileprivate func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
