import CSpeechLoader
import Glibc
import Synchronization

/// espeak-ng, offline: text in, 16-bit mono PCM out. espeak-ng keeps one
/// voice, one rate and one callback for the whole process, so this is the
/// only code that calls it, one request at a time, and there is one of it.
public final class SpeechSynthesizer: Sendable {
    /// The process's synthesizer; nil when espeak-ng cannot start (it or its data is missing).
    public static let shared = SpeechSynthesizer()

    /// Samples a second of what `samples(of:)` returns: espeak-ng's one
    /// rate, known before it starts so that a sound card can be opened meanwhile.
    public static let sampleRate = 22050
    public var sampleRate: Int { Self.sampleRate }
    private let requests = Mutex(())

    private init?() {
        guard ebookfb_espeak_load() == 1 else { return nil }
        let rate = ebookfb_espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, nil, Int32(espeakINITIALIZE_DONT_EXIT))
        guard rate == Self.sampleRate else { return nil }
        ebookfb_espeak_SetSynthCallback { wave, count, events in
            guard let wave, count > 0, let sink = events?.pointee.user_data else { return 0 }
            Unmanaged<SampleSink>.fromOpaque(sink).takeUnretainedValue()
                .samples.append(contentsOf: UnsafeBufferPointer(start: wave, count: Int(count)))
            return 0
        }
    }

    /// Words a minute espeak-ng speaks at when not told otherwise.
    public static let defaultRate = 175
    /// The rates espeak-ng speaks intelligibly at.
    public static let wordsPerMinuteRange = 80...450

    /// `text` spoken in the voice of `language` (a BCP 47 tag; its
    /// language alone, then English, when espeak-ng has no such voice) at
    /// `wordsPerMinute`, a man's or a woman's.
    public func samples(of text: String, language: String?, wordsPerMinute: Int = defaultRate,
                        voice kind: VoiceKind = .male) -> [Int16] {
        requests.withLock { _ in
            for candidate in Self.voiceLanguages(for: language) {
                let chosen = candidate.withCString { name in
                    var voice = espeak_VOICE()
                    voice.languages = name
                    voice.gender = kind.rawValue
                    return ebookfb_espeak_SetVoiceByProperties(&voice) == EE_OK
                }
                if chosen { break }
            }
            _ = ebookfb_espeak_SetParameter(espeakRATE, Int32(wordsPerMinute.clamped(to: Self.wordsPerMinuteRange)), 0)
            let sink = SampleSink()
            let retained = Unmanaged.passRetained(sink)
            defer { retained.release() }
            text.withCString { characters in
                _ = ebookfb_espeak_Synth(characters, strlen(characters) + 1, 0, POS_CHARACTER, 0,
                                 UInt32(espeakCHARS_UTF8), nil, retained.toOpaque())
            }
            return sink.samples
        }
    }

    /// The languages to ask espeak-ng for, in turn, for text in
    /// `language` (a BCP 47 tag): the tag, its language alone, English.
    static func voiceLanguages(for language: String?) -> [String] {
        guard let language, !language.isEmpty else { return ["en"] }
        let tag = language.lowercased().replacing("_", with: "-")
        let primary = tag.split(separator: "-").first.map(String.init) ?? tag
        var result: [String] = []
        for candidate in [tag, primary, "en"] where !result.contains(candidate) { result.append(candidate) }
        return result
    }
}

/// Whose voice speaks: espeak-ng gives each language a man's and a woman's.
public enum VoiceKind: UInt8, Sendable, CaseIterable {
    case male = 1, female = 2
}

/// Where the synthesis callback puts the samples of one request.
private final class SampleSink {
    var samples: [Int16] = []
}

extension Comparable {
    /// The value brought within `range`.
    func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}
