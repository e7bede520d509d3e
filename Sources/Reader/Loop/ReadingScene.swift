/// What `read` runs in the loop: one book, or a folder's library.
public protocol ReadingScene: LoopScene {
    /// Saves the place now if the view rests (on exit).
    func saveNow()
    func stop()
    /// The headless reader's final line; with `describing`, what is on screen too.
    func summary(describing: Bool) -> JSONLine
}
