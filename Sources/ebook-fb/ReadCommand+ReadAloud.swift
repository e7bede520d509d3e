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

    /// The book's scene with speech (a library's books each with theirs):
    /// sound on the ALSA device (or, headless, into the --audio-out WAV); no
    /// sound card is said in one line and the book is read without it (and
    /// without the Read aloud button).
    func withReadAloud(_ scene: ReadingScene, virtualTime: Bool) throws -> ReadingScene {
        guard readAloud || spoken || offersReadAloudButton, let (queue, sink) = speechOutput(virtualTime: virtualTime) else {
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

    /// The synthesizer and where its sound goes; nil, said in one line, when there is no speech or no sound card.
    private func speechOutput(virtualTime: Bool) -> (SpeechQueue, AudioSink)? {
        let synthesizer: SpeechQueue
        do {
            synthesizer = try SpeechQueue()
        } catch {
            StandardStreams.log("no read aloud: \(error)")
            return nil
        }
        if virtualTime {
            return (synthesizer, audioOut.map { WAVFileSink(path: $0, sampleRate: synthesizer.sampleRate) }
                ?? DiscardingSink(sampleRate: synthesizer.sampleRate))
        }
        let device = [audioDevice, ProcessInfo.processInfo.environment["AUDIO_DEVICE"]]
            .compactMap { $0 }.first { !$0.isEmpty } ?? "default"
        do {
            let sink = try ALSASink(device: device, sampleRate: synthesizer.sampleRate)
            StandardStreams.log("speech: espeak-ng on ALSA device \(device)")
            return (synthesizer, sink)
        } catch {
            StandardStreams.log("\(error)")
            return nil
        }
    }
}
