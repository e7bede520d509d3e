import Languages
import Speech

/// How the book is read aloud, as chosen on the text panel: the speed, in
/// steps, and whose voice.
public struct SpeechChoice: Equatable, Sendable {
    /// The speeds offered, slowest first, in words a minute.
    public static let speeds = [130, 175, 225, 300]
    /// The speed a reading starts at.
    public static let normalSpeed = 1

    public var speed = SpeechChoice.normalSpeed
    public var voice = VoiceKind.male

    public init() {}

    public var wordsPerMinute: Int { Self.speeds[min(max(speed, 0), Self.speeds.count - 1)] }

    static func speedLabel(_ step: Int, catalog: MessageCatalog) -> String {
        switch step {
        case 0: catalog.localized(context: "speech", "Slow")
        case 1: catalog.localized(context: "speech", "Normal")
        case 2: catalog.localized(context: "speech", "Fast")
        default: catalog.localized(context: "speech", "Very fast")
        }
    }

    static func voiceLabel(_ voice: VoiceKind, catalog: MessageCatalog) -> String {
        switch voice {
        case .male: catalog.localized(context: "a voice", "Man")
        case .female: catalog.localized(context: "a voice", "Woman")
        }
    }
}
