/// What one W3C EPUB test expects of the reader, written from the test's
/// own pass statement, and how the reader's output is judged against it.
public struct W3CExpectation: Sendable {
    public enum Judge: Sendable {
        /// Judged from what the reader shows.
        case program(@Sendable (JudgeContext) -> Verdict)
        /// A person must look (the reason says why): never counted as passed.
        case notJudgeable(String)
    }

    public var test: String
    /// The test's pass statement, quoted from its content.
    public var statement: String
    /// What the reader's output must show, in the reader's terms.
    public var expected: String
    public var judge: Judge

    public init(_ test: String, statement: String, expected: String, judge: Judge) {
        self.test = test
        self.statement = statement
        self.expected = expected
        self.judge = judge
    }
}

/// The outcome of judging one test.
public struct Verdict: Sendable {
    public var passed: Bool
    /// What the reader was seen to do.
    public var observed: String

    public init(_ passed: Bool, _ observed: String) {
        self.passed = passed
        self.observed = observed
    }
}

/// What a judge can observe: the test's book read by the reader (at the
/// default page size or another), and other books of the suite.
public final class JudgeContext {
    public let directory: String
    public let test: String
    private var observed: [String: ObservedBook] = [:]

    init(directory: String, test: String) {
        self.directory = directory
        self.test = test
    }

    /// The book of `test` (this test's by default) read at `width` x `height`.
    public func book(_ name: String? = nil, width: Int = ReaderObservation.defaultSize.width,
                     height: Int = ReaderObservation.defaultSize.height) -> ObservedBook {
        let key = "\(name ?? test)@\(width)x\(height)"
        if let known = observed[key] { return known }
        let book = ReaderObservation.observe(path: "\(directory)/\(name ?? test).epub", width: width, height: height)
        observed[key] = book
        return book
    }
}
