import Threading

/// Values worked out from a document once and shared by every typesetter
/// on any thread (images' sizes from their headers, embedded fonts'
/// bytes): one of each type, made by the module that uses it on first use.
public final class DocumentMemo: @unchecked Sendable {
    private let lock = Condition()
    private var values: [ObjectIdentifier: AnyObject] = [:]

    public init() {}

    /// The memo's `Value`, made by `make` the first time it is asked for.
    public func value<Value: AnyObject & Sendable>(_ type: Value.Type, make: () -> Value) -> Value {
        lock.withLock {
            if let found = values[ObjectIdentifier(type)] as? Value { return found }
            let made = make()
            values[ObjectIdentifier(type)] = made
            return made
        }
    }
}
