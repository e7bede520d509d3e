import FoundationEssentials
import LinuxSystem
import Reader
import Speech

extension ReadCommand {
    func validateSpeechOptions() throws {
        if let runFor, !(runFor >= 0 && runFor.isFinite) {
            throw CommandError("run for \(runFor): must be a number of seconds, 0 or more")
        }
        if audioOut != nil, display != "headless" {
            throw CommandError("--audio-out writes the audio of a headless run: add --display headless")
        }
    }

    /// The book's scene with read aloud when asked: sound on the ALSA device
    /// (or, headless, into the --audio-out WAV); no sound card is said in one
    /// line and the book is read without it.
    func withReadAloud(_ scene: ReadingScene, virtualTime: Bool) throws -> ReadingScene {
        guard readAloud, let session = scene as? ReaderSession else { return scene }
        let synthesizer: SpeechQueue
        do {
            synthesizer = try SpeechQueue()
        } catch {
            StandardStreams.log("no read aloud: \(error)")
            return scene
        }
        let sink: AudioSink
        if virtualTime {
            sink = audioOut.map { WAVFileSink(path: $0, sampleRate: synthesizer.sampleRate) }
                ?? DiscardingSink(sampleRate: synthesizer.sampleRate)
        } else {
            let device = ProcessInfo.processInfo.environment["AUDIO_DEVICE"].flatMap { $0.isEmpty ? nil : $0 } ?? "default"
            do {
                sink = try ALSASink(device: device, sampleRate: synthesizer.sampleRate)
            } catch {
                StandardStreams.log("\(error)")
                return scene
            }
        }
        return ReadingAloudScene(session: session, synthesizer: synthesizer, sink: sink, virtualTime: virtualTime)
    }
}
