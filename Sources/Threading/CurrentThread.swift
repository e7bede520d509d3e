#if canImport(Glibc)
import CLinux
import Glibc
#endif

/// The calling thread: how much of a processor it asks for beside the others, and its kernel id.
public enum CurrentThread {
    public struct ChangeError: Error, CustomStringConvertible {
        public let operation: String
        public let code: Int32
        public var description: String { "cannot \(operation) (errno \(code))" }
    }

    /// Sets the calling thread's nice value (setpriority on its kernel id).
    public static func setNiceness(_ niceness: Int32) throws(ChangeError) {
        #if canImport(Glibc)
        guard CLinux_setCurrentThreadNiceness(niceness) == 0 else {
            throw ChangeError(operation: "set the thread's niceness to \(niceness)", code: errno)
        }
        #endif
    }

    /// Puts the calling thread in the SCHED_IDLE policy: it runs only on
    /// a processor nothing else wants. Needs no privilege.
    public static func runOnlyWhenIdle() throws(ChangeError) {
        #if canImport(Glibc)
        guard CLinux_setCurrentThreadIdlePolicy() == 0 else {
            throw ChangeError(operation: "set the thread's policy to SCHED_IDLE", code: errno)
        }
        #endif
    }

    /// The calling thread's kernel id (its entry in /proc/self/task).
    public static var kernelID: Int {
        #if canImport(Glibc)
        Int(CLinux_currentThreadID())
        #else
        0
        #endif
    }
}
