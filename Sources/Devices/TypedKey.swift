/// What a key types into a text field open on screen (a search query).
public enum TypedKey: Equatable, Sendable {
    case text(String)
    case deleteBackward
}

/// One key press as the reader takes it: what it types into a text field
/// when one is open, and the command it gives when none is (either may be
/// missing: Home types nothing, an `a` commands nothing).
public struct KeyPress: Equatable, Sendable {
    public var typed: TypedKey?
    public var command: ReaderCommand?

    public init(typed: TypedKey? = nil, command: ReaderCommand? = nil) {
        self.typed = typed
        self.command = command
    }

    /// The press as input at `time`; nil when it neither types nor commands.
    public func item(at time: Double) -> InputItem? {
        if let typed { return .typed(typed, command: command, time: time) }
        return command.map { .command($0, time: time) }
    }
}
