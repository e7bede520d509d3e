import Threading

/// The font file resolved as a start-up job while the book is read and
/// decoded: without `--font`, fontconfig first reads its configuration
/// and caches (5-9 ms on a small board), which decoding need not wait for.
/// A font path given is only checked, at once.
public final class FontPreload: @unchecked Sendable {
    private let condition = Condition()
    private var result: Result<FontFile, Error>?

    /// Looks the font up as a job of `work` (started by the caller).
    public init(path: String?, on work: StartupWork) {
        if path != nil {
            result = Result { try FontSet.resolve(path: path) }
            return
        }
        work.add { [self] in
            let resolved = Result { try FontSet.resolve(path: nil) }
            condition.withLock {
                result = resolved
                condition.broadcast()
            }
        }
    }

    /// The font file, once resolved; throws what resolving threw.
    public func file() throws -> FontFile {
        let outcome = condition.withLock {
            while result == nil { condition.wait() }
            return result
        }
        // The loop above ends only with a result.
        guard let outcome else { preconditionFailure("font lookup finished without a result") }
        return try outcome.get()
    }
}
