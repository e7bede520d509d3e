/// Speech for the session's screens: whether it can be heard now (a
/// sound card may come after the start), how the book is read aloud, as
/// chosen on the text panel, and the way to start reading (at a time in ms).
final class SpeechOffer {
    var choice = SpeechChoice()
    let isAvailable: () -> Bool
    let startReading: (Double) -> Void

    init(isAvailable: @escaping () -> Bool, startReading: @escaping (Double) -> Void) {
        self.isAvailable = isAvailable
        self.startReading = startReading
    }
}
