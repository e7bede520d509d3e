import LinuxSystem

/// Decides which files of a followed folder are complete, from what
/// inotify says and what the files look like over time. Pure: times
/// (ms, the loop's clock) and file states are given.
///
/// The rule: a file is complete when no writer holds it and it has kept
/// its size and modification time for `quietInterval`; once complete it
/// stays so until it is written to again.
/// - Files there when following starts are complete (nothing tells
///   whether a writer holds them; if one does, its next write says so).
/// - A file created or written to in the folder is held by its writer
///   until inotify reports it closed after writing (`IN_CLOSE_WRITE`).
/// - A file renamed into the folder (how rsync, Syncthing and most sync
///   tools finish a file) is held by no one.
/// - A writer's close that never comes (lost with an inotify queue
///   overflow, or a writer stopped for good) is given up after
///   `abandonedInterval` without a change.
public struct FolderFollower: Sendable {
    public enum Event: Equatable, Sendable {
        /// Made in the folder (IN_CREATE).
        case created(String)
        /// Its contents changed (IN_MODIFY).
        case written(String)
        /// A writer closed it (IN_CLOSE_WRITE).
        case closedAfterWriting(String)
        /// Renamed into the folder (IN_MOVED_TO).
        case movedIn(String)
        /// Its attributes changed (IN_ATTRIB): times, permissions.
        case attributesChanged(String)
        /// Removed or renamed away (IN_DELETE, IN_MOVED_FROM).
        case removed(String)
    }

    /// What a file looks like: changes of either mean it is still changing.
    public struct Signature: Equatable, Sendable {
        public var size: Int
        public var modified: Int64

        public init(size: Int, modified: Int64) {
            self.size = size
            self.modified = modified
        }

        public init(_ status: FileStatus) {
            self.init(size: status.size, modified: status.modified)
        }
    }

    private struct Tracked: Equatable, Sendable {
        var signature: Signature?
        /// When the file was last written or seen to change while settling.
        var changedAt: Double
        var heldByWriter: Bool
        var isComplete: Bool
    }

    public let quietInterval: Double
    public let abandonedInterval: Double
    private var files: [String: Tracked] = [:]

    public init(quietInterval: Double = 1000, abandonedInterval: Double = 60_000) {
        self.quietInterval = quietInterval
        self.abandonedInterval = abandonedInterval
    }

    /// Starts afresh with the files there now, all complete.
    public mutating func start(with present: [String: Signature]) {
        files = present.mapValues { Tracked(signature: $0, changedAt: -.infinity, heldByWriter: false, isComplete: true) }
    }

    /// Takes one inotify change at `time`.
    public mutating func note(_ event: Event, at time: Double) {
        switch event {
        case let .created(name), let .written(name):
            files[name] = Tracked(signature: files[name]?.signature, changedAt: time, heldByWriter: true, isComplete: false)
        case let .closedAfterWriting(name), let .movedIn(name):
            files[name] = Tracked(signature: files[name]?.signature, changedAt: time, heldByWriter: false, isComplete: false)
        case let .attributesChanged(name):
            // A file not known so far (its permission just allowed reading it) settles like a new one;
            // a touch of a complete file leaves it complete.
            if files[name] == nil {
                files[name] = Tracked(signature: nil, changedAt: time, heldByWriter: false, isComplete: false)
            }
        case let .removed(name):
            files[name] = nil
        }
    }

    /// A file known to be whole (written elsewhere and renamed in by the
    /// reader itself): complete at once, until it is written to again.
    public mutating func noteComplete(_ name: String, signature: Signature) {
        files[name] = Tracked(signature: signature, changedAt: -.infinity, heldByWriter: false, isComplete: true)
    }

    /// Files still settling: what they look like is wanted at each check.
    public var unsettled: [String] {
        files.filter { !$0.value.isComplete }.keys.sorted()
    }

    /// What a file looks like at `time` (nil: gone). A change while it
    /// settles starts its quiet interval again; a file that kept still
    /// long enough becomes complete.
    public mutating func observe(_ name: String, signature: Signature?, at time: Double) {
        guard var tracked = files[name] else { return }
        guard let signature else {
            files[name] = nil
            return
        }
        if tracked.signature != signature {
            tracked.signature = signature
            if !tracked.isComplete { tracked.changedAt = time }
        }
        if !tracked.isComplete {
            let still = time - tracked.changedAt
            if tracked.heldByWriter ? still >= abandonedInterval : still >= quietInterval {
                tracked.isComplete = true
                tracked.heldByWriter = false
            }
        }
        files[name] = tracked
    }

    /// Looks at every file still settling through `signature` (nil: gone).
    public mutating func check(at time: Double, signature: (String) -> Signature?) {
        for name in unsettled { observe(name, signature: signature(name), at: time) }
    }

    /// True when `name` is complete.
    public func isComplete(_ name: String) -> Bool { files[name]?.isComplete == true }

    /// The complete files, by name.
    public var completeFiles: [String] {
        files.filter { $0.value.isComplete }.keys.sorted()
    }

    /// When a file still settling should be looked at again; nil when none is.
    public func nextCheck(after time: Double) -> Double? {
        let due = files.values.compactMap { tracked -> Double? in
            guard !tracked.isComplete else { return nil }
            return tracked.changedAt + (tracked.heldByWriter ? abandonedInterval : quietInterval)
        }
        return due.min().map { max($0, time) }
    }
}
