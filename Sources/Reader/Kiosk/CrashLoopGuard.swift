import LinuxSystem

/// Keeps a book that takes the reader down from taking the kiosk down
/// with it. The kiosk notes the book it opens in the state folder and
/// clears the note when it stops as asked; a note still there at the next
/// start of the same boot means the reader stopped abnormally with that
/// book open (a crash, an out-of-memory kill, the watchdog). After
/// `abnormalExitsAllowed` such stops the book is set aside: the library
/// shows it as unreadable and the kiosk no longer opens it on its own. A
/// note from an earlier boot counts for nothing: a power cut is not the
/// book's fault.
public struct CrashLoopGuard {
    /// Abnormal stops with one book open that set it aside.
    public static let abnormalExitsAllowed = 2
    public static let fileName = "open-book"

    /// The note's file in the state folder.
    public let path: String
    /// This boot's identity (the kernel's boot_id).
    let boot: String

    public init(stateDirectory: String, boot: String) {
        path = stateDirectory + "/" + Self.fileName
        self.boot = boot
    }

    /// This boot's identity: the kernel's boot_id and the time it booted
    /// (a virtual machine without a source of entropy may draw the same
    /// boot_id every boot, never the same boot time); "" when either
    /// cannot be read, and then no stop is counted.
    public static func currentBoot() -> String {
        let id = (try? FileDescriptor.readFile("/proc/sys/kernel/random/boot_id"))
            .map { String(decoding: $0, as: UTF8.self).filter { !$0.isWhitespace } } ?? ""
        let stat = (try? FileDescriptor.readFile("/proc/stat")).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let bootTime = stat.split(separator: "\n").first { $0.hasPrefix("btime ") }?.dropFirst(6) ?? ""
        return id.isEmpty || bootTime.isEmpty ? "" : id + "@" + bootTime
    }

    /// What the start found: the books set aside, and lines for the journal.
    public struct Start: Equatable {
        public var setAside: Set<String>
        public var journal: [String]
    }

    /// Counts the previous run's abnormal stop, if it left its note, and
    /// says which books are set aside. Consumes the note, so a second call
    /// in the same start (the kiosk's, then its reader's) counts nothing.
    public func start() -> Start {
        let before = record
        let (after, stopped) = before.started(boot: boot)
        if after != before { save(after) }
        var journal: [String] = []
        if let stopped {
            let count = min(after.abnormalExits[stopped] ?? 0, Self.abnormalExitsAllowed)
            journal.append("the reader stopped abnormally with \(stopped) open (\(count) of \(Self.abnormalExitsAllowed))")
            if count == Self.abnormalExitsAllowed {
                journal.append("\(stopped): set aside as unreadable; the kiosk no longer opens it (remove \(path) to try it again)")
            }
        }
        return Start(setAside: after.setAside, journal: journal)
    }

    /// The book the kiosk has open now (or had when it stopped abnormally).
    public var openBook: String? { record.openBook }

    /// The books set aside, without counting anything.
    public var setAside: Set<String> { record.setAside }

    /// The reader opens `book`.
    public func opening(book: String) {
        var changed = record
        changed.openBook = book
        changed.boot = boot
        save(changed)
    }

    /// The reader stopped as asked: the book open is cleared of its
    /// abnormal stops.
    public func stoppedNormally() {
        var changed = record
        if let book = changed.openBook { changed.abnormalExits[book] = nil }
        changed.openBook = nil
        save(changed)
    }

    private var record: CrashRecord {
        (try? FileDescriptor.readFile(path)).map { CrashRecord(parsing: String(decoding: $0, as: UTF8.self)) } ?? CrashRecord()
    }

    /// A lost note only loses the count, so the write is not flushed: a
    /// crash keeps what the kernel was given, and a power cut is no strike.
    private func save(_ record: CrashRecord) {
        if record.isEmpty, (try? FileSystem.status(path)) == nil { return }
        try? AtomicFile.replace(path: path, contents: Array(record.text.utf8), durability: .cached)
    }
}

/// The guard's note: the book open and the boot it was opened in, and
/// each book's abnormal stops. One line each, tab-separated, so a path
/// with spaces stays whole; unknown or torn lines are ignored.
struct CrashRecord: Equatable {
    var openBook: String?
    var boot: String?
    var abnormalExits: [String: Int] = [:]

    init() {}

    init(parsing text: String) {
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3 else { continue }
            switch fields[0] {
            case "open": (boot, openBook) = (fields[1], fields[2])
            case "stops": if let count = Int(fields[1]), count > 0 { abnormalExits[fields[2]] = count }
            default: continue
            }
        }
    }

    var text: String {
        var lines = abnormalExits.sorted { $0.key < $1.key }.map { "stops\t\($0.value)\t\($0.key)" }
        if let openBook { lines.insert("open\t\(boot ?? "")\t\(openBook)", at: 0) }
        return lines.map { $0 + "\n" }.joined()
    }

    var isEmpty: Bool { openBook == nil && abnormalExits.isEmpty }

    var setAside: Set<String> {
        Set(abnormalExits.filter { $0.value >= CrashLoopGuard.abnormalExitsAllowed }.keys)
    }

    /// The record at a start in `boot`, and the book open when the run
    /// before stopped abnormally (nil: it stopped as asked, or in an
    /// earlier boot).
    func started(boot current: String) -> (CrashRecord, String?) {
        guard let book = openBook else { return (self, nil) }
        var after = self
        after.openBook = nil
        after.boot = nil
        // Another boot (a power cut, a reboot), or one that cannot be told apart: not the book's fault.
        guard !current.isEmpty, boot == current else { return (after, nil) }
        after.abnormalExits[book, default: 0] += 1
        return (after, book)
    }
}
