import ArgumentParser
import Catalogs
import FoundationEssentials
import LinuxSystem
import Network
import Reader

/// `ebook-fb sync-shelf URL --to FOLDER --json`: one pass making a folder
/// mirror an acquisition feed; books put there by hand are left alone.
struct SyncShelfCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync-shelf",
        abstract: "Keep a folder in step with an OPDS acquisition feed: new books fetched, changed ones replaced, removed ones deleted.")

    @Argument(help: "The feed's address (its next pages are followed; credentials as http://user:password@host/...).")
    var address: String

    @OptionGroup var limits: DownloadOptions

    @Option(name: .customLong("state-dir"), help: "Folder the record of the sync's books is kept in (default: the reader's own state folder).")
    var stateDir: String?

    @Flag(help: "Print the counts as one JSON object (the only format).")
    var json = false

    func validate() throws {
        if limits.to == nil { throw ValidationError("sync-shelf needs --to FOLDER") }
        try limits.validate()
    }

    func run() throws {
        guard let folder = limits.to else { throw ValidationError("sync-shelf needs --to FOLDER") }
        let catalog = try WebAddress(address)
        let client = HTTPClient(credentialsOf: catalog)
        let stateDirectory = stateDir ?? StateStore.defaultDirectory(environment: ProcessInfo.processInfo.environment)
        let sync = ShelfSync(catalog: address, folder: folder, stateDirectory: stateDirectory, client: client,
                             download: limits.downloader(client: client))
        let summary = try sync.run { StandardStreams.writeError("warning: " + $0.escapingControlCharacters) }
        StandardStreams.printLine(Self.json(summary))
        if summary.failed > 0 { throw ExitCode.failure }
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
