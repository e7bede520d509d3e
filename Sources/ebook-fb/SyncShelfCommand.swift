import ArgumentParser
import Catalogs
import FoundationEssentials
import Glibc
import LinuxSystem
import Network
import Reader

/// `ebook-fb sync-shelf URL --to FOLDER --json`: one pass making a folder
/// mirror an acquisition feed; books put there by hand are left alone.
/// `--config FILE`: the kiosk's shelf, synced at start and every
/// `SHELF_SYNC` minutes, the book the kiosk has open left for later.
struct SyncShelfCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync-shelf",
        abstract: "Keep a folder in step with an OPDS acquisition feed: new books fetched, changed ones replaced, removed ones deleted.")

    @Argument(help: "The feed's address (its next pages are followed; credentials as http://user:password@host/...).")
    var address: String?

    @OptionGroup var limits: DownloadOptions

    @Option(name: .customLong("state-dir"), help: "Folder the record of the sync's books is kept in (default: the reader's own state folder).")
    var stateDir: String?

    @Option(help: "The kiosk's settings file: the feed from SHELF, the folder from BOOKS, again every SHELF_SYNC minutes.")
    var config: String?

    @Flag(help: "Print the counts as one JSON object (the only format).")
    var json = false

    func validate() throws {
        if config == nil && (address == nil || limits.to == nil) { throw ValidationError("sync-shelf needs URL and --to FOLDER, or --config FILE") }
        if config != nil && (address != nil || limits.to != nil) { throw ValidationError("--config gives the feed and the folder: no URL or --to with it") }
        try limits.validate()
    }

    func run() throws {
        let stateDirectory = stateDir ?? StateStore.defaultDirectory(environment: ProcessInfo.processInfo.environment)
        guard let config else {
            guard let address, let folder = limits.to else { throw ValidationError("sync-shelf needs URL and --to FOLDER") }
            let summary = try pass(address: address, folder: folder, stateDirectory: stateDirectory, limits: limits, inUse: [])
            StandardStreams.printLine(Self.json(summary))
            if summary.failed > 0 { throw ExitCode.failure }
            return
        }
        let settings: KioskConfiguration
        do { settings = try KioskConfiguration.load(path: config) } catch { throw CommandError(error.description) }
        guard let shelf = settings.shelf else {
            // A kiosk without a shelf is no error: the service ends there.
            return StandardStreams.log("\(config): no SHELF set: no shelf to keep in step")
        }
        guard let folder = settings.booksFolder else { throw CommandError("\(config): SHELF needs BOOKS, the folder the books go to") }
        var bounds = limits
        if let megabytes = settings.maxBookMegabytes { bounds.maxMB = megabytes }
        if let megabytes = settings.minFreeMegabytes { bounds.minFreeMB = megabytes }
        let guardNote = CrashLoopGuard(stateDirectory: stateDirectory, boot: "")
        var health = ShelfHealth()
        var failuresInARow = 0
        while true {
            var summary: ShelfSummary?
            do {
                summary = try pass(address: shelf, folder: folder, stateDirectory: stateDirectory, limits: bounds,
                                   inUse: Self.openBooks(guardNote.openBook, folder: folder))
            } catch let error as CatalogError {
                guard settings.shelfSyncMinutes != nil else { throw error }
                StandardStreams.log("shelf not synced: \(error)")
            } catch let error as NetworkError {
                guard settings.shelfSyncMinutes != nil else { throw error }
                StandardStreams.log("shelf not synced: \(error)")
            }
            health.record(summary, at: Int(time(nil)))
            if let directory = settings.metricsDirectory {
                do { try health.write(to: directory) } catch { StandardStreams.log("shelf metrics not written: \(error)") }
            }
            if let summary {
                StandardStreams.printLine(Self.json(summary))
                if settings.shelfSyncMinutes == nil && summary.failed > 0 { throw ExitCode.failure }
            }
            failuresInARow = summary == nil ? failuresInARow + 1 : 0
            guard let minutes = settings.shelfSyncMinutes else { return }
            sleepMilliseconds(Double(ShelfRetry.waitMinutes(afterFailures: failuresInARow, interval: minutes)) * 60_000)
        }
    }

    private func pass(address: String, folder: String, stateDirectory: String, limits: DownloadOptions,
                      inUse: Set<String>) throws -> ShelfSummary {
        let catalog = try WebAddress(address)
        let client = HTTPClient(credentialsOf: catalog)
        let sync = ShelfSync(catalog: address, folder: folder, stateDirectory: stateDirectory, client: client,
                             download: limits.downloader(client: client), pause: { sleepMilliseconds($0 * 1000) })
        return try sync.run(inUse: inUse) { StandardStreams.writeError("warning: " + $0.escapingControlCharacters) }
    }

    /// The name of the book open in the kiosk, when it is in `folder`.
    static func openBooks(_ openBook: String?, folder: String) -> Set<String> {
        guard let openBook, let slash = openBook.lastIndex(of: "/") else { return [] }
        let parent = FileSystem.canonicalPath(String(openBook[..<slash])) ?? String(openBook[..<slash])
        guard parent == (FileSystem.canonicalPath(folder) ?? folder) else { return [] }
        return [String(openBook[openBook.index(after: slash)...])]
    }

    static func json(_ summary: ShelfSummary) -> String {
        var object = JSONLine()
        object.add("added", summary.added)
        object.add("replaced", summary.replaced)
        object.add("removed", summary.removed)
        object.add("kept", summary.kept)
        object.add("failed", summary.failed)
        return object.text
    }
}
