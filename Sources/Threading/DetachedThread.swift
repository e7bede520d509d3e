#if canImport(Glibc)
import CLinux
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starting a thread that nobody joins: the reader's background work
/// (pagination, drawing ahead, loading patterns) runs for the process's
/// life or ends by itself and hands its result over through a `Condition`.
public enum DetachedThread {
    public struct StartError: Error, CustomStringConvertible {
        public let name: String
        public let code: Int32
        public var description: String { "cannot start the \(name) thread (error \(code))" }
    }

    /// Runs `body` on a new thread named `name` (the kernel keeps 15 bytes).
    public static func start(name: String, _ body: @escaping @Sendable () -> Void) throws {
        let context = Unmanaged.passRetained(Work(name: name, body: body)).toOpaque()
        var thread = pthread_t()
        let code = pthread_create(&thread, nil, { context in
            // The context is the retained Work passed below; taken once here.
            guard let context else { return nil }
            let work = Unmanaged<Work>.fromOpaque(context).takeRetainedValue()
            #if canImport(Glibc)
            _ = CLinux_nameCurrentThread(work.name)
            #endif
            work.body()
            return nil
        }, context)
        guard code == 0 else {
            Unmanaged<Work>.fromOpaque(context).release()
            throw StartError(name: name, code: code)
        }
        pthread_detach(thread)
    }

    /// Processors the process may run on (at least 1): how many threads
    /// of work that can go side by side are worth starting.
    public static var availableProcessors: Int {
        #if canImport(Glibc)
        Int(CLinux_availableProcessors())
        #else
        1
        #endif
    }

    private final class Work {
        let name: String
        let body: @Sendable () -> Void
        init(name: String, body: @escaping @Sendable () -> Void) { self.name = name; self.body = body }
    }
}
