import FoundationEssentials
import LinuxSystem
import Reader
import Speech
import Threading

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

    /// The book's scene with speech (a library's books each with theirs):
    /// sound on the ALSA device (or, headless, into the --audio-out WAV); no
    /// sound card is said in one line and the book is read without it (and
    /// without the Read aloud button).
    /// On a screen, espeak-ng and the sound card start once `gate` opens.
    func withReadAloud(_ scene: ReadingScene, virtualTime: Bool, startingAfter gate: StartGate? = nil) throws -> ReadingScene {
        guard readAloud || spoken || offersReadAloudButton,
              let (queue, sink) = speechOutput(virtualTime: virtualTime, gate: gate) else {
            return scene
        }
        // One voice for the library and every book it opens: one timeline on the one sound card.
        let voice = ReadAloud(synthesizer: queue, sink: sink, virtualTime: virtualTime)
        let spoken = spoken
        func speaking(_ session: ReaderSession) -> SpeechScene {
            SpeechScene(session: session, readAloud: voice, spokenInterface: spoken)
        }
        if let library = scene as? LibraryScene {
            library.speaking = speaking
            if spoken { library.spokenLibrary = voice }
            return library
        }
        guard let session = scene as? ReaderSession else { return scene }
        return speaking(session)
    }

    /// The synthesizer and where its sound goes. Headless, espeak-ng starts
    /// at once (a replay must find the same buttons on any machine) and no
    /// speech is said in one line; on a screen both start on threads of
    /// their own, once the first page is on the glass, and say in one line whether
    /// they could (a kiosk's sound card may come later in its boot).
    private func speechOutput(virtualTime: Bool, gate: StartGate?) -> (SpeechQueue, AudioSink)? {
        let rate = SpeechSynthesizer.sampleRate
        guard !virtualTime else {
            do {
                let synthesizer = try SpeechQueue()
                return (synthesizer, audioOut.map { WAVFileSink(path: $0, sampleRate: rate) } ?? DiscardingSink(sampleRate: rate))
            } catch {
                StandardStreams.log("\(error)")
                return nil
            }
        }
        let device = [audioDevice, ProcessInfo.processInfo.environment["AUDIO_DEVICE"]]
            .compactMap { $0 }.first { !$0.isEmpty } ?? "default"
        do {
            return (try SpeechQueue(startingOnItsThread: StandardStreams.log, after: gate),
                    try ALSASink(device: device, sampleRate: rate, after: gate, report: StandardStreams.log))
        } catch {
            StandardStreams.log("no speech: \(error)")
            return nil
        }
    }
}
