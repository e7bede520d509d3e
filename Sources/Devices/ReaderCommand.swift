/// What a key (or a scripted run) asks the reader to do.
public enum ReaderCommand: String, Equatable, Sendable, CaseIterable {
    case nextPage
    case previousPage
    case firstPage
    case lastPage
    case increaseFontSize
    case decreaseFontSize
    case toggleZoom
    case quit
}
