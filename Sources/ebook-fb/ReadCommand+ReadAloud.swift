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

    /// On a screen the menu offers read aloud whenever a sound card plays;
    /// headless, when there is a WAV file to write.
    private var offersReadAloudButton: Bool { display != "headless" || audioOut != nil }

    /// The book's scene with speech: sound on the ALSA device (or, headless,
    /// into the --audio-out WAV); no sound card is said in one line and the
    /// book is read without it (and without the Read aloud button).
    func withReadAloud(_ scene: ReadingScene, virtualTime: Bool) throws -> ReadingScene {
        guard readAloud || spoken || offersReadAloudButton, let session = scene as? ReaderSession else { return scene }
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
            let device = [audioDevice, ProcessInfo.processInfo.environment["AUDIO_DEVICE"]]
                .compactMap { $0 }.first { !$0.isEmpty } ?? "default"
            do {
                sink = try ALSASink(device: device, sampleRate: synthesizer.sampleRate)
            } catch {
                StandardStreams.log("\(error)")
                return scene
            }
        }
        return SpeechScene(session: session, synthesizer: synthesizer, sink: sink, virtualTime: virtualTime,
                           spokenInterface: spoken)
    }
}
