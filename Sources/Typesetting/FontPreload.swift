import Threading

/// The font file resolved as a start-up job while the book is read and
/// decoded: without `--font`, fontconfig first reads its configuration
/// and caches (5-9 ms on a small board, more on a busy one), which decoding
/// need not wait for; its answer remembered in `memo` from an earlier start
/// is taken at once when still good. A font path given is only checked,
/// at once.
public final class FontPreload: @unchecked Sendable {
    private let condition = Condition()
    private var result: Result<FontFile, Error>?

    /// Looks the font up as a job of `work` (started by the caller).
    public init(path: String?, memo: (any FontLookupRemembering)? = nil, on work: StartupWork) {
        if path != nil {
            result = Result { try FontSet.resolve(path: path) }
            return
        }
        if let remembered = memo?.file(forFamily: FontLocator.defaultFamily) {
            result = .success(remembered)
            return
        }
        work.add { [self] in
            let resolved = Result { try FontSet.resolve(path: nil) }
            if case let .success(file) = resolved { memo?.remember(file, forFamily: FontLocator.defaultFamily) }
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
