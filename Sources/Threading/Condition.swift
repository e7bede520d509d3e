#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutex with a condition variable: the lock-wait-signal pattern the
/// reader's threads hand work over with, without Foundation (whose linked
/// weight is megabytes of resident memory and milliseconds of start-up on a
/// kiosk).
public final class Condition: @unchecked Sendable {
    // Allocated, not stored inline: pthread objects must not move.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let variable = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    public init() {
        // Both calls fail only for bad attributes; none are passed.
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(variable, nil)
    }

    deinit {
        pthread_cond_destroy(variable)
        pthread_mutex_destroy(mutex)
        variable.deallocate()
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }

    /// Releases the lock until signalled; the caller holds the lock and
    /// re-checks its predicate (wake-ups may be spurious).
    public func wait() { pthread_cond_wait(variable, mutex) }
    public func signal() { pthread_cond_signal(variable) }
    public func broadcast() { pthread_cond_broadcast(variable) }

    public func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock(); defer { unlock() }
        return try body()
    }
}
