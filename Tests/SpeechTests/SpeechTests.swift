import Foundation
@testable import Speech
import XCTest

/// Sentences found as ICU finds them, speech as espeak-ng itself speaks
/// it, and the WAV file headless reading aloud writes.
final class SpeechTests: XCTestCase {
    private func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    private func texts(_ text: String, language: String?) -> [String] {
        let all = Array(text.unicodeScalars)
        return SentenceBreaks.sentences(in: scalars(text), language: language).map { range in
            String(String.UnicodeScalarView(all[range]))
        }
    }

    func testSentencesCoverTheTextInOrder() {
        XCTAssertEqual(texts("Alice was tired. Was she? Mr. Smith said so. ", language: "en"),
                       ["Alice was tired. ", "Was she? ", "Mr. Smith said so. "])
        XCTAssertEqual(texts("Es regnete. Dann kam er!", language: "de"), ["Es regnete. ", "Dann kam er!"])
        XCTAssertEqual(texts("吾輩は猫である。名前はまだ無い。", language: "ja"), ["吾輩は猫である。", "名前はまだ無い。"])
        XCTAssertEqual(texts("Один. Два 😀 три.", language: "ru"), ["Один. ", "Два 😀 три."], "offsets count scalars, not UTF-16 units")
        let ranges = SentenceBreaks.sentences(in: scalars("One. Two."), language: "en", base: 100)
        XCTAssertEqual(ranges, [100..<105, 105..<109])
        XCTAssertEqual(SentenceBreaks.sentences(in: [], language: "en"), [])
    }

    func testAVoiceIsChosenByLanguageWithFallbacks() throws {
        guard SpeechSynthesizer.shared != nil else { throw XCTSkip("espeak-ng's data is not installed") }
        XCTAssertEqual(SpeechSynthesizer.voiceLanguages(for: "de-AT"), ["de-at", "de", "en"])
        XCTAssertEqual(SpeechSynthesizer.voiceLanguages(for: "en_US"), ["en-us", "en"])
        XCTAssertEqual(SpeechSynthesizer.voiceLanguages(for: nil), ["en"])
        let synthesizer = try XCTUnwrap(SpeechSynthesizer.shared)
        let word = "Nationalbibliothek"
        let german = synthesizer.samples(of: word, language: "de-AT"), english = synthesizer.samples(of: word, language: "en")
        XCTAssertFalse(german.isEmpty)
        let unknown = synthesizer.samples(of: word, language: "xx-YY")
        XCTAssertEqual(Double(unknown.count), Double(english.count), accuracy: 0.05 * Double(english.count),
                       "no such voice: English")
        XCTAssertGreaterThan(abs(german.count - english.count), english.count / 20,
                             "the German voice, found through de for de-AT, says it otherwise")
    }

    /// Our samples of a passage last as long as `espeak-ng -w` of the same words (within 15%).
    func testSpeechLastsAsLongAsEspeakNgsOwn() throws {
        guard let synthesizer = SpeechSynthesizer.shared else { throw XCTSkip("espeak-ng's data is not installed") }
        guard let program = ["/usr/bin/espeak-ng", "/usr/local/bin/espeak-ng"].first(where: FileManager.default.isExecutableFile)
        else { throw XCTSkip("the espeak-ng program is not installed") }
        let passage = "Alice was beginning to get very tired of sitting by her sister on the bank."
        for (language, voice) in [("en", "en"), ("de", "de")] {
            let ours = synthesizer.samples(of: passage, language: language)
            let path = NSTemporaryDirectory() + "espeak-\(getpid())-\(language).wav"
            defer { try? FileManager.default.removeItem(atPath: path) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = ["-v", voice, "-w", path, passage]
            try process.run()
            process.waitUntilExit()
            let theirs = try Data(contentsOf: URL(fileURLWithPath: path))
            let theirSeconds = Double(theirs.count - 44) / 2 / Double(synthesizer.sampleRate)
            let ourSeconds = Double(ours.count) / Double(synthesizer.sampleRate)
            XCTAssertGreaterThan(ourSeconds, 2, language)
            XCTAssertEqual(ourSeconds, theirSeconds, accuracy: 0.15 * theirSeconds, language)
        }
    }

    func testFasterSpeechIsShorter() throws {
        guard let synthesizer = SpeechSynthesizer.shared else { throw XCTSkip("espeak-ng's data is not installed") }
        let text = "The quick brown fox jumps over the lazy dog."
        let normal = synthesizer.samples(of: text, language: "en").count
        let fast = synthesizer.samples(of: text, language: "en", wordsPerMinute: 300).count
        XCTAssertLessThan(Double(fast), 0.8 * Double(normal))
    }

    /// The fundamental frequency (Hz) most often found in the voiced tenths
    /// of a second, by autocorrelation over 70-400 Hz.
    private func pitch(_ samples: [Int16], rate: Int) -> Double {
        let window = rate / 10
        var found: [Int: Int] = [:]
        for start in stride(from: 0, to: samples.count - window, by: window) {
            let x = samples[start..<start + window].map(Double.init)
            let energy = x.reduce(0) { $0 + $1 * $1 }
            guard energy / Double(window) > 300 * 300 else { continue }
            func correlation(_ lag: Int) -> Double {
                var sum = 0.0
                for index in 0..<(window - lag) { sum += x[index] * x[index + lag] }
                return sum / Double(window - lag)
            }
            let best = ((rate / 400)...(rate / 70)).max { correlation($0) < correlation($1) } ?? 1
            found[Int((Double(rate) / Double(best) / 10).rounded()) * 10, default: 0] += 1
        }
        return Double(found.max { $0.value < $1.value }?.key ?? 0)
    }

    func testAWomansVoiceIsHigherThanAMans() throws {
        guard let synthesizer = SpeechSynthesizer.shared else { throw XCTSkip("espeak-ng's data is not installed") }
        let text = "Alice was beginning to get very tired of sitting by her sister on the bank."
        let man = pitch(synthesizer.samples(of: text, language: "en", voice: .male), rate: synthesizer.sampleRate)
        let woman = pitch(synthesizer.samples(of: text, language: "en", voice: .female), rate: synthesizer.sampleRate)
        XCTAssertGreaterThan(woman, 1.3 * man, "\(woman) Hz against \(man) Hz")
        let german = pitch(synthesizer.samples(of: "Die Katze sitzt auf der Matte.", language: "de", voice: .female),
                           rate: synthesizer.sampleRate)
        XCTAssertGreaterThan(german, 1.3 * man, "every language has a woman's voice: \(german) Hz")
    }

    func testAWAVFileHoldsItsSamplesBehindAPCMHeader() throws {
        let samples: [Int16] = [0, 1, -1, .max, .min]
        let bytes = WAVFile.bytes(of: samples, sampleRate: 22050)
        XCTAssertEqual(bytes.count, 44 + 10)
        XCTAssertEqual(Array(bytes[0..<4]), Array("RIFF".utf8))
        XCTAssertEqual(Array(bytes[8..<16]), Array("WAVEfmt ".utf8))
        func value(_ at: Int, _ count: Int) -> Int { (0..<count).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        XCTAssertEqual(value(4, 4), 36 + 10)
        XCTAssertEqual(value(20, 2), 1, "PCM")
        XCTAssertEqual(value(22, 2), 1, "mono")
        XCTAssertEqual(value(24, 4), 22050)
        XCTAssertEqual(value(34, 2), 16)
        XCTAssertEqual(value(40, 4), 10)
        XCTAssertEqual(Array(bytes[44...]), [0, 0, 1, 0, 0xFF, 0xFF, 0xFF, 0x7F, 0x00, 0x80])
        let path = NSTemporaryDirectory() + "speech-\(getpid()).wav"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try WAVFile.write(samples, sampleRate: 22050, to: path)
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: path))), bytes)
    }
}
