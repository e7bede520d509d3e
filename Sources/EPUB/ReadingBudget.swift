/// What one read of a book may spend in total, however its files repeat,
/// link or import one another: bytes inflated from the container, text
/// kept, style sheet bytes parsed and rules kept, and time. Each read (the
/// whole book, or one section alone) starts from what opening the book
/// spent on the manifest's style sheets and spends its own; past a limit
/// the read stops at a notice saying what was left out, so no book costs
/// more than this whatever it holds.
struct ReadingBudget {
    /// Bytes inflated from the container (the navigation, content
    /// documents and style sheets, each time it is read), at most: some
    /// ten times the text of the biggest real books, whose markup takes a
    /// few times their text.
    static let inflatedBytes = 256 << 20
    /// Above this many bytes inflated, a book may inflate at most
    /// `ZipArchive.maximumRatio` times the compressed size of its files,
    /// as each entry may: a small file that names one document many times
    /// is as much a bomb as one whose entry inflates too far.
    static let inflatedBytesUnchecked = ZipArchive.ratioCheckedSize
    /// Text kept from the content documents, as UTF-8 (the biggest real
    /// books hold 10 to 50 MB).
    static let textBytes = 64 << 20
    /// Style sheet text parsed, files and `<style>` elements together (real
    /// books have at most a few MB).
    static let styleSheetBytes = 8 << 20
    /// Style rules kept over the book (real books have a few thousand).
    static let styleRules = 100_000
    /// Time one read may spend parsing, in ms.
    static let parseMilliseconds = 20_000.0

    /// Now, in ms on a monotonic clock; nil when time is not limited.
    let clock: (@Sendable () -> Double)?
    private var deadline: Double?
    private(set) var inflated = 0
    private(set) var text = 0
    private(set) var styleSheetBytes = 0
    private(set) var styleRules = 0
    /// Why the read stopped before the end of the book, once it has.
    var cut: String?

    /// What bytes may be inflated from the book: `compressedBytes` is the
    /// size of its files in the archive.
    let inflatedLimit: Int

    init(clock: (@Sendable () -> Double)?, compressedBytes: Int) {
        self.clock = clock
        let (scaled, overflow) = compressedBytes.multipliedReportingOverflow(by: ZipArchive.maximumRatio)
        inflatedLimit = min(Self.inflatedBytes, max(Self.inflatedBytesUnchecked, overflow ? Int.max : scaled))
        startClock()
    }

    /// Gives the read that starts now its own time.
    mutating func startClock() {
        deadline = clock.map { $0() + Self.parseMilliseconds }
    }

    /// Why nothing more is read, when the time is up.
    var timeExhausted: String? {
        guard let deadline, let clock, clock() > deadline else { return nil }
        return "reading it took longer than \(Int(Self.parseMilliseconds / 1000)) s"
    }

    /// Spends `bytes` of inflation, or says why they are over the budget.
    mutating func inflate(_ bytes: Int) -> String? {
        guard inflated + bytes <= inflatedLimit else {
            if inflatedLimit == Self.inflatedBytes { return "the book inflates to more than \(Self.inflatedBytes >> 20) MB" }
            return "the book inflates to more than \(ZipArchive.maximumRatio) times its compressed size"
        }
        inflated += bytes
        return nil
    }

    /// How many more bytes of text may be kept.
    var textLeft: Int { Self.textBytes - text }

    mutating func keepText(_ bytes: Int) { text += bytes }

    static let textExhausted = "the book holds more than \(textBytes >> 20) MB of text"

    /// Spends `bytes` of style sheet text, or says why they are over the budget.
    mutating func parseStyleSheet(_ bytes: Int) -> String? {
        guard styleSheetBytes + bytes <= Self.styleSheetBytes else {
            return "the book's style sheets pass \(Self.styleSheetBytes >> 20) MB"
        }
        styleSheetBytes += bytes
        return nil
    }

    /// How many more style rules may be kept.
    var styleRulesLeft: Int { Self.styleRules - styleRules }

    mutating func keepStyleRules(_ count: Int) { styleRules += count }

    static let styleRulesExhausted = "the book's style sheets pass \(styleRules) rules"
}
