import Glibc

/// The one place where a system call's failure is read: every wrapper in
/// this module calls through here. A call interrupted by a signal (EINTR)
/// is made again, so no caller handles that case; any other failure throws
/// a SystemError naming the operation and the path (both worked out only
/// then, so naming costs nothing on the way to success).
public enum Syscall {
    /// For calls that return -1 and set errno (open, read, write, ioctl, ...).
    public static func retrying<Result: FixedWidthInteger & SignedInteger>(
        operation: @autoclosure () -> String, path: @autoclosure () -> String, _ call: () -> Result
    ) throws(SystemError) -> Result {
        while true {
            let result = call()
            guard result < 0 else { return result }
            let code = Glibc.errno
            if code == EINTR { continue }
            throw SystemError(operation: operation(), path: path(), errno: code)
        }
    }

    /// For calls that return a negative errno (libdrm's, the C shim's);
    /// libdrm also returns -1 with errno set, which is read as such.
    public static func retryingNegatedErrno(
        operation: @autoclosure () -> String, path: @autoclosure () -> String, _ call: () -> Int32
    ) throws(SystemError) -> Int32 {
        while true {
            let result = call()
            guard result < 0 else { return result }
            let code = result == -1 ? Glibc.errno : -result
            if code == EINTR { continue }
            throw SystemError(operation: operation(), path: path(), errno: code)
        }
    }

    /// For calls that return nil and set errno (opendir, mkdtemp, libdrm's getters).
    public static func retryingPointer<Pointer>(
        operation: @autoclosure () -> String, path: @autoclosure () -> String, _ call: () -> Pointer?
    ) throws(SystemError) -> Pointer {
        while true {
            if let result = call() { return result }
            let code = Glibc.errno
            if code == EINTR { continue }
            throw SystemError(operation: operation(), path: path(), errno: code)
        }
    }

    /// For calls that return an error number themselves and leave errno
    /// alone (posix_spawn, the pthread functions).
    public static func checkingReturnedError(
        operation: @autoclosure () -> String, path: @autoclosure () -> String, _ call: () -> Int32
    ) throws(SystemError) {
        while true {
            let code = call()
            if code == 0 { return }
            if code == EINTR { continue }
            throw SystemError(operation: operation(), path: path(), errno: code)
        }
    }
}
