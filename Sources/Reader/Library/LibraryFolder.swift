import Glibc
import LinuxSystem

/// The books folder on disk, followed with inotify: which book files are
/// in it and complete (`FolderFollower` decides), and what each looks like.
/// Book files are those a format accepts, directly in the folder (not in
/// folders below it), not hidden (a name starting with a dot, as sync
/// tools name the files they are still writing).
public final class LibraryFolder {
    public let path: String
    /// The folder's absolute path with links resolved, as state files are matched by.
    public let canonicalPath: String
    private let accepts: (String) -> Bool
    private var follower = FolderFollower()
    private var watch: InotifyWatch?
    /// Why the folder cannot be followed or listed, while it cannot.
    public private(set) var problem: String?
    private var statuses: [String: FileStatus] = [:]

    /// Lists the folder and starts following it; `accepts` says which names are books.
    public init(path: String, accepts: @escaping (String) -> Bool) {
        self.path = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        canonicalPath = FileSystem.canonicalPath(path) ?? path
        self.accepts = accepts
        do throws(SystemError) {
            let mask = IN_CREATE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_ATTRIB
            watch = try InotifyWatch(path: self.path, mask: Int32(mask))
        } catch {
            // Listed once all the same; it is not followed.
            problem = "\(self.path): changes cannot be followed: \(error)"
        }
        rescan()
    }

    /// The descriptor that becomes readable when the folder changes.
    public var fileDescriptor: Int32? { watch?.fileDescriptor }

    /// The complete book files' names.
    public var bookNames: [String] { follower.completeFiles }

    public func filePath(_ name: String) -> String { path == "/" ? "/" + name : path + "/" + name }

    public func status(of name: String) -> FileStatus? { statuses[name] }

    /// Takes what inotify brought and looks at the files still settling;
    /// true when the complete books changed.
    public func update(at time: Double) -> Bool {
        let before = follower.completeFiles
        if let watch {
            let events: [InotifyEvent]
            do throws(SystemError) {
                events = try watch.readEvents()
            } catch {
                problem = "\(path): changes cannot be followed: \(error)"
                self.watch = nil
                events = []
            }
            if events.contains(where: { $0.has(Int32(IN_Q_OVERFLOW)) }) {
                // The kernel dropped changes: what is there now is what counts.
                rescan()
            }
            for event in events where !event.name.isEmpty && isBookName(event.name) {
                for change in Self.changes(event) { follower.note(change, at: time) }
            }
        }
        follower.check(at: time) { name in stat(name).map(FolderFollower.Signature.init) }
        return follower.completeFiles != before
    }

    /// A book the reader itself put in place whole (a download renamed
    /// into the folder): listed at once, without waiting for it to settle.
    /// What inotify brought before is taken first, so the rename's own
    /// event does not make it settle again.
    public func noteArrived(_ name: String, at time: Double) {
        _ = update(at: time)
        guard isBookName(name), let status = stat(name) else { return }
        follower.noteComplete(name, signature: FolderFollower.Signature(status))
    }

    /// When a file still settling is to be looked at again.
    public func nextCheck(after time: Double) -> Double? { follower.nextCheck(after: time) }

    private func isBookName(_ name: String) -> Bool { !name.hasPrefix(".") && accepts(name) }

    private func rescan() {
        var present: [String: FolderFollower.Signature] = [:]
        statuses = [:]
        do throws(SystemError) {
            for name in try FileSystem.directoryEntries(path) where isBookName(name) {
                if let status = stat(name) { present[name] = FolderFollower.Signature(status) }
            }
            if watch != nil { problem = nil }
        } catch {
            problem = "\(path): cannot list the folder: \(error)"
        }
        follower.start(with: present)
    }

    /// The file's status when it is a regular file; kept for the shelf.
    private func stat(_ name: String) -> FileStatus? {
        guard let status = try? FileSystem.status(filePath(name)), status.isRegularFile else {
            statuses[name] = nil
            return nil
        }
        statuses[name] = status
        return status
    }

    static func changes(_ event: InotifyEvent) -> [FolderFollower.Event] {
        let name = event.name
        var changes: [FolderFollower.Event] = []
        if event.has(Int32(IN_CREATE)) { changes.append(.created(name)) }
        if event.has(Int32(IN_MOVED_TO)) { changes.append(.movedIn(name)) }
        if event.has(Int32(IN_MODIFY)) { changes.append(.written(name)) }
        if event.has(Int32(IN_ATTRIB)) { changes.append(.attributesChanged(name)) }
        if event.has(Int32(IN_CLOSE_WRITE)) { changes.append(.closedAfterWriting(name)) }
        if event.has(Int32(IN_DELETE | IN_MOVED_FROM)) { changes.append(.removed(name)) }
        return changes
    }
}
