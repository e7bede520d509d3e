import BookModel
import Glibc
import Threading

/// Hyphenation patterns loaded as a start-up job while the book is read
/// and decoded: parsing a pattern file takes about as long as decoding
/// a long novel, and the first page needs both. The language is the one
/// given, else the one the book names, else the one its text's start gives
/// (decoded as the book will be); a typesetter whose language turns out
/// to be another loads its own patterns, so a wrong guess costs time,
/// never a different layout.
///
/// The detection itself is offered to the typesetter too: when the text it
/// looked at is byte for byte the sample the typesetter would look at, the
/// answer is the same, and the typesetter's thread need not find it again.
public final class HyphenationPreload: @unchecked Sendable {
    private struct Detection {
        /// What the detector read: the start of the decoded window.
        var sample: ArraySlice<UInt8>
        /// The window was the whole file.
        var isWholeBook: Bool
        var language: String?
    }

    private let condition = Condition()
    private var detection: Detection?
    private var detectionFinished = false
    private var finished = false
    private var loaded: HyphenationPatterns?

    /// Loads the patterns of the language given, else of the one the
    /// book names or its text's start is found to be in (`bookLanguage`,
    /// read on the job's thread), as a job of `work` (started by the
    /// caller). With `snapshots`, the patterns come from their snapshot
    /// when there is one, and a snapshot is saved, after they are handed
    /// over, when there was none.
    public init(language: String?, bookLanguage: EarlyLanguage, snapshots: (any HyphenationSnapshotKeeping)? = nil,
                on work: StartupWork) {
        work.add { [self] in
            var guess = language
            if language == nil {
                var found: Detection?
                switch bookLanguage {
                case let .named(named): guess = named()
                case let .detected(sample):
                    found = sample().map(Self.detection(of:))
                    guess = found?.language
                }
                condition.withLock {
                    detection = found
                    detectionFinished = true
                    condition.broadcast()
                }
            }
            finish(loading: guess, snapshots: snapshots)
        }
    }

    /// Loads the patterns of `language` and hands them over; then saves
    /// their snapshot when there was none (or clears abandoned snapshot files).
    private func finish(loading language: String?, snapshots: (any HyphenationSnapshotKeeping)?) {
        let patterns = language.flatMap { HyphenationPatterns(language: $0, snapshots: snapshots) }
        condition.withLock {
            loaded = patterns
            finished = true
            detectionFinished = true
            condition.broadcast()
        }
        if let snapshots, let patterns, patterns.cameFromPatternFile {
            patterns.saveSnapshot(to: snapshots)
        } else if let snapshots {
            snapshots.removeAbandonedFiles()
        }
    }

    /// The patterns loaded, once they are, when they are for `language`.
    func patterns(for language: String) -> HyphenationPatterns? {
        condition.lock(); defer { condition.unlock() }
        while !finished { condition.wait() }
        return loaded?.language == language ? loaded : nil
    }

    /// What `LanguageDetector.detect(in: text)` gives, when the preload
    /// read the same sample of the same text; else nil (detect it then).
    func detectedLanguage(of text: DecodedText) -> String?? {
        let found = condition.withLock {
            while !detectionFinished { condition.wait() }
            return detection
        }
        guard let found else { return nil }
        let sample = text.utf8.prefix(LanguageDetector.sampleBytes)
        // The detector reads at most `sampleBytes`: equal samples, equal answers.
        guard found.sample.count == LanguageDetector.sampleBytes || found.isWholeBook && text.isComplete,
              Self.same(found.sample, sample) else { return nil }
        return .some(found.language)
    }

    private static func same(_ one: ArraySlice<UInt8>, _ other: ArraySlice<UInt8>) -> Bool {
        guard one.count == other.count else { return false }
        return one.withUnsafeBytes { first in
            other.withUnsafeBytes { second in
                // Non-empty buffers have base addresses; empty ones are equal.
                guard let a = first.baseAddress, let b = second.baseAddress else { return true }
                return memcmp(a, b, first.count) == 0
            }
        }
    }

    /// The typesetter's detection, on the start of the text.
    private static func detection(of text: DecodedText) -> Detection {
        Detection(sample: text.utf8.prefix(LanguageDetector.sampleBytes), isWholeBook: text.isComplete,
                  language: LanguageDetector.detect(in: text))
    }
}
