/// What one read of a book may spend in total, however its files repeat,
/// link or import one another: bytes inflated from the container, text
/// kept, style sheet bytes parsed and rules kept, and time. Each read (the
/// whole book, or one section alone) starts from what opening the book
/// spent on the manifest's style sheets and spends its own; past a limit
/// the read stops at a notice saying what was left out, so no book costs
/// more than this whatever it holds.
struct ReadingBudget {
    struct Limits {
        /// Bytes inflated from the container (the navigation, content
        /// documents and style sheets, each time one is read).
        var inflatedBytes: Int
        /// Above this many bytes inflated, a book may inflate at most
        /// `ZipArchive.maximumRatio` times the compressed size of its
        /// files, as each entry may: a small file that names one document
        /// many times is as much a bomb as one whose entry inflates too far.
        var inflatedBytesUnchecked: Int
        /// Text kept from the content documents, as UTF-8.
        var textBytes: Int
        /// Style sheet text parsed, files and `<style>` elements together.
        var styleSheetBytes: Int
        /// Style rules kept over the book.
        var styleRules: Int
        /// Time one read may spend, in ms.
        var milliseconds: Double

        /// A book's: well above the biggest real books (10 to 50 MB of text
        /// in a few times that of markup, a few MB of style sheets with a
        /// few thousand rules, read in a few seconds on a slow board).
        static let book = Limits(inflatedBytes: 256 << 20, inflatedBytesUnchecked: ZipArchive.ratioCheckedSize,
                                 textBytes: 64 << 20, styleSheetBytes: 8 << 20, styleRules: 10_000,
                                 milliseconds: 20_000)
    }

    let limits: Limits
    /// Now, in ms on a monotonic clock; nil when time is not limited.
    let clock: (@Sendable () -> Double)?
    private var deadline: Double?
    /// What bytes may be inflated from this book.
    let inflatedLimit: Int
    private(set) var inflated = 0
    private(set) var text = 0
    private(set) var styleSheetBytes = 0
    private(set) var styleRules = 0
    /// Why the read stopped before the end of the book, once it has.
    var cut: String?

    /// `compressedBytes` is the size of the book's files in its archive.
    init(clock: (@Sendable () -> Double)?, compressedBytes: Int, limits: Limits = .book) {
        self.clock = clock
        self.limits = limits
        let (scaled, overflow) = compressedBytes.multipliedReportingOverflow(by: ZipArchive.maximumRatio)
        inflatedLimit = min(limits.inflatedBytes, max(limits.inflatedBytesUnchecked, overflow ? Int.max : scaled))
        startClock()
    }

    /// Gives the read that starts now its own time.
    mutating func startClock() {
        deadline = clock.map { $0() + limits.milliseconds }
    }

    /// Why nothing more is read, when the time is up.
    var timeExhausted: String? {
        guard let deadline, let clock, clock() > deadline else { return nil }
        return "reading it took longer than \(Self.amount(limits.milliseconds / 1000)) s"
    }

    /// Spends `bytes` of inflation, or says why they are over the budget.
    mutating func inflate(_ bytes: Int) -> String? {
        guard inflated + bytes <= inflatedLimit else {
            if inflatedLimit == limits.inflatedBytes { return "the book inflates to more than \(Self.megabytes(inflatedLimit))" }
            return "the book inflates to more than \(ZipArchive.maximumRatio) times its compressed size"
        }
        inflated += bytes
        return nil
    }

    /// How many more bytes of text may be kept.
    var textLeft: Int { limits.textBytes - text }

    mutating func keepText(_ bytes: Int) { text += bytes }

    var textExhausted: String { "the book holds more than \(Self.megabytes(limits.textBytes)) of text" }

    /// Spends `bytes` of style sheet text, or says why they are over the budget.
    mutating func parseStyleSheet(_ bytes: Int) -> String? {
        guard styleSheetBytes + bytes <= limits.styleSheetBytes else {
            return "the book's style sheets pass \(Self.megabytes(limits.styleSheetBytes))"
        }
        styleSheetBytes += bytes
        return nil
    }

    /// How many more style rules may be kept.
    var styleRulesLeft: Int { max(0, limits.styleRules - styleRules) }

    mutating func keepStyleRules(_ count: Int) { styleRules += count }

    var styleRulesExhausted: String { "the book's style sheets pass \(limits.styleRules) rules" }

    private static func megabytes(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(amount(Double(bytes) / 1_048_576)) MB" : "\(bytes) bytes"
    }

    private static func amount(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value))" : "\(value)"
    }
}
