import Glibc

/// Replaces a file so that a reader, a crash or a power cut sees either
/// the old contents or the new, never a mix: the new contents go to a
/// temporary file in the same folder (a rename across file systems would
/// not be atomic), which is renamed over the old one.
public enum AtomicFile {
    /// How sure the new contents must be to survive a power cut.
    public enum Durability: Sendable {
        /// fsync of the file before the rename and of the folder after it:
        /// after a power cut the file has the old or the new contents.
        case flushed
        /// No fsync: readers never see a torn file, but after a power cut
        /// the file may be empty or torn. For caches that check what they read.
        case cached
    }

    /// Writes `contents` to the temporary file, renames it over `path` and
    /// (when `.flushed`) syncs the folder. A failure removes the temporary
    /// file and leaves the old file as it was; the error names the step
    /// ("create", "write", "fsync", "rename into place") and its path.
    /// `ignoringUmask`: the file gets `permissions` exactly, for files
    /// another user reads whatever the writer's umask.
    public static func replace(path: String, contents: UnsafeRawBufferPointer, permissions: mode_t = 0o644,
                               durability: Durability = .flushed, ignoringUmask: Bool = false) throws(SystemError) {
        let temporary = temporaryPath(for: path)
        let file: FileDescriptor
        do throws(SystemError) {
            file = try FileDescriptor.open(temporary, flags: O_WRONLY | O_CREAT | O_TRUNC, permissions: permissions)
        } catch {
            throw SystemError(operation: "create", path: error.path, errno: error.errno)
        }
        var failure: SystemError?
        do throws(SystemError) {
            if ignoringUmask {
                _ = try Syscall.retrying(operation: "chmod", path: temporary) { fchmod(file.rawValue, permissions) }
            }
            try file.writeAll(contents)
            if durability == .flushed { try file.synchronize() }
        } catch {
            failure = error
        }
        file.close()
        if failure == nil {
            do throws(SystemError) {
                _ = try Syscall.retrying(operation: "rename into place", path: path) { rename(temporary, path) }
            } catch {
                failure = error
            }
        }
        if let failure {
            unlink(temporary) // leave nothing half-written behind
            throw failure
        }
        // The rename is in the folder: without this a power cut may undo it.
        if durability == .flushed { FileSystem.synchronizeFolder(FileSystem.parentFolder(of: path)) }
    }

    public static func replace(path: String, contents: [UInt8], permissions: mode_t = 0o644,
                               durability: Durability = .flushed, ignoringUmask: Bool = false) throws(SystemError) {
        var failure: SystemError?
        contents.withUnsafeBytes { bytes in
            do throws(SystemError) {
                try replace(path: path, contents: bytes, permissions: permissions, durability: durability,
                            ignoringUmask: ignoringUmask)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
    }

    /// Removes the temporary files in `folder` that replacements by
    /// processes no longer running left behind (a power cut or kill -9 in
    /// the middle of a write); those of live processes are theirs. Returns
    /// how many went.
    @discardableResult
    public static func removeAbandonedTemporaryFiles(in folder: String) -> Int {
        guard let names = try? FileSystem.directoryEntries(folder) else { return 0 }
        var removed = 0
        for name in names {
            guard let writer = writerProcess(ofTemporaryName: name), writer != getpid(),
                  kill(writer, 0) != 0, errno == ESRCH else { continue }
            if (try? FileSystem.removeFile(folder + "/" + name)) != nil { removed += 1 }
        }
        return removed
    }

    /// The process id in a temporary file's name ("NAME.PID-THREAD.tmp"), or nil for other names.
    static func writerProcess(ofTemporaryName name: String) -> pid_t? {
        guard name.hasSuffix(".tmp") else { return nil }
        let parts = name.dropLast(4).split(separator: ".")
        guard parts.count >= 2, let tag = parts.last else { return nil }
        let numbers = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard numbers.count == 2, let pid = pid_t(numbers[0]), pid > 0, UInt(numbers[1], radix: 16) != nil else { return nil }
        return pid
    }

    /// The temporary file a replacement of `path` made on the calling
    /// thread writes: named for the process and the thread, so two writers
    /// never share one, and a writer stopped midway leaves one file that
    /// its successor with the same numbers overwrites.
    public static func temporaryPath(for path: String) -> String {
        "\(path).\(getpid())-\(String(UInt(pthread_self()), radix: 16)).tmp"
    }
}
