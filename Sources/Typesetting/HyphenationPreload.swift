import Threading

/// Hyphenation patterns loaded on a thread of their own while the book is
/// read and decoded: parsing a pattern file takes about as long as decoding
/// a long novel, and the first page needs both. The language is the one
/// given, else the one the file's first bytes give (decoded as the book
/// will be); a typesetter whose language turns out to be another loads its
/// own patterns, so a wrong guess costs time, never a different layout.
public final class HyphenationPreload: @unchecked Sendable {
    /// Bytes of the file read to guess the language: more than the detector's sample.
    static let sampleBytes = 256 << 10

    private let condition = Condition()
    private var finished = false
    private var loaded: HyphenationPatterns?

    public init(bookPath: String, language: String?) {
        let load: @Sendable () -> Void = { [self] in
            let guess = language ?? Self.guessLanguage(path: bookPath)
            let patterns = guess.flatMap(HyphenationPatterns.init(language:))
            condition.withLock {
                loaded = patterns
                finished = true
                condition.broadcast()
            }
        }
        // Without a thread to spare, the patterns load now: slower, same result.
        do { try DetachedThread.start(name: "hyphenation", load) } catch { load() }
    }

    /// The patterns loaded, once they are, when they are for `language`.
    func patterns(for language: String) -> HyphenationPatterns? {
        condition.lock(); defer { condition.unlock() }
        while !finished { condition.wait() }
        return loaded?.language == language ? loaded : nil
    }

    /// The typesetter's detection, on the start of the file.
    static func guessLanguage(path: String) -> String? {
        guard let text = try? BookDecoder.decode(contentsOf: path, window: sampleBytes) else { return nil }
        return LanguageDetector.detect(in: text)
    }
}
