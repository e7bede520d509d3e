/// Speech at hand for the session's screens: how the book is read aloud,
/// as chosen on the text panel, and the way to start reading (at a time in ms).
final class SpeechOffer {
    var choice = SpeechChoice()
    let startReading: (Double) -> Void

    init(startReading: @escaping (Double) -> Void) {
        self.startReading = startReading
    }
}
