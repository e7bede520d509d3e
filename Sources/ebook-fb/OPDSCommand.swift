import ArgumentParser
import Catalogs
import LinuxSystem
import Network
import Reader

/// `ebook-fb opds URL --json`: a catalog page's entries, one JSON object a
/// line; `--download ID --to FOLDER`: that entry's book file into a folder.
struct OPDSCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "opds",
        abstract: "Browse an OPDS catalog (Atom or JSON): its entries as JSON lines, or download one entry's book.")

    @Argument(help: "The catalog page's address (http or https; credentials as http://user:password@host/...).")
    var address: String

    @Flag(help: "Print one JSON object per entry (the only format).")
    var json = false

    @Flag(name: .customLong("all-pages"), help: "Follow the feed's next links and list every page.")
    var allPages = false

    @Option(help: "Download the book of the entry with this id (searched on this page and the pages after it).")
    var download: String?

    @OptionGroup var limits: DownloadOptions

    func validate() throws {
        if download != nil && limits.to == nil { throw ValidationError("--download needs --to FOLDER") }
        if download == nil && limits.to != nil { throw ValidationError("--to goes with --download ID") }
        try limits.validate()
    }

    func run() throws {
        let catalog = try WebAddress(address)
        let client = HTTPClient(credentialsOf: catalog)
        let reader = CatalogReader(client: client)
        guard let id = download, let folder = limits.to else {
            let feed = allPages ? try reader.allPages(address) : try reader.page(address)
            for entry in feed.entries { StandardStreams.printLine(Self.json(entry)) }
            return
        }
        let feed = try reader.allPages(address)
        guard let entry = feed.entries.first(where: { $0.id == id }) else {
            throw CommandError("\(catalog): no entry with id \"\(id)\" (\(feed.entries.count) entries listed)")
        }
        guard let best = entry.bestAcquisition else {
            let offered = Set(entry.links.filter(\.isAcquisition).map(\.type)).sorted().joined(separator: ", ")
            throw CommandError("\(catalog): entry \"\(id)\" offers no book file the reader opens"
                               + (offered.isEmpty ? "" : " (offered: \(offered))"))
        }
        let fileExtension = BookFileType.fileExtension(mediaType: best.link.type) ?? "book"
        let name = BookFileName.name(entry: entry, link: best.link, fileExtension: fileExtension)
        let downloader = limits.downloader(client: client)
        guard case let .fetched(fetched) = try downloader.fetch(best.link, kind: best.kind, into: folder, as: name) else {
            throw CommandError("\(best.link.href): the server sent nothing")
        }
        if json {
            var object = JSONLine()
            object.add("id", entry.id)
            object.add("file", folder + "/" + fetched.name)
            object.add("bytes", fetched.status.size)
            StandardStreams.printLine(object.text)
        } else {
            StandardStreams.printLine(folder + "/" + fetched.name)
        }
    }

    static func json(_ entry: CatalogEntry) -> String {
        var object = JSONLine()
        object.add("id", entry.id)
        object.add("title", entry.title)
        object.add("authors", strings: entry.authors)
        object.add("updated", orNull: entry.updated)
        object.add("kind", entry.isAcquisition ? "acquisition" : entry.isNavigation ? "navigation" : "other")
        object.add("links", objects: entry.links.map { link in
            var item = JSONLine()
            item.add("rel", link.rel)
            item.add("type", link.type)
            item.add("href", link.href)
            if let length = link.length { item.add("length", length) }
            return item
        })
        return object.text
    }
}

/// Where downloads go and what bounds them: size, time and the space left free.
struct DownloadOptions: ParsableArguments {
    @Option(help: "The folder the book goes to (made when missing).")
    var to: String?

    @Option(name: .customLong("max-mb"), help: "The largest book accepted, in MB; a larger one is stopped there.")
    var maxMB = 500

    @Option(name: .customLong("min-free-mb"), help: "Space left free on the folder's file system, in MB.")
    var minFreeMB = 200

    @Option(name: .customLong("max-seconds"), help: "The longest one download may take, in seconds.")
    var maxSeconds = 1800

    func validate() throws {
        guard (1...1_000_000).contains(maxMB) else { throw ValidationError("--max-mb \(maxMB): from 1 to 1000000") }
        guard (0...1_000_000).contains(minFreeMB) else { throw ValidationError("--min-free-mb \(minFreeMB): from 0 to 1000000") }
        guard (10...86_400).contains(maxSeconds) else { throw ValidationError("--max-seconds \(maxSeconds): from 10 to 86400") }
    }

    func downloader(client: HTTPClient) -> BookDownload {
        BookDownload(client: client, maximumBytes: maxMB << 20, totalSeconds: maxSeconds, minimumFreeBytes: minFreeMB << 20)
    }
}
