import BookFormats
import Catalogs
import Foundation
import Network
import TestSupport
import XCTest

/// A real catalog: calibre's content server, when calibre is installed.
final class CalibreServerTests: XCTestCase {
    func testBrowseFromTheRootToABookAndDownloadIt() throws {
        for tool in ["/usr/bin/calibre-server", "/usr/bin/calibredb", "/usr/bin/python3"] {
            try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: tool), "\(tool) is not installed")
        }
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let title = "The Catalog Test Book"
        let epub = scratch.path + "/test.epub"
        try EPUBArchiveWriter.write([
            .init("mimetype", "application/epub+zip", method: .stored), .init("META-INF/container.xml", EPUBArchiveWriter.container),
            .init("OEBPS/content.opf", EPUBArchiveWriter.package(items: [("c1", "c1.xhtml", "application/xhtml+xml")], spine: ["c1"],
                                                                 title: title)),
            .init("OEBPS/c1.xhtml", EPUBArchiveWriter.xhtml("<p>It was the best of catalogs.</p>")),
        ], to: epub)
        // calibredb refuses while any other calibre program runs on the machine.
        try XCTSkipUnless(try run("/usr/bin/calibredb", ["add", "--with-library", scratch.path + "/library", epub]) == 0,
                          "calibredb could not make a library (another calibre program running?)")
        let port = try freePort()
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/calibre-server")
        server.arguments = ["--listen-on", "127.0.0.1", "--port", String(port), scratch.path + "/library"]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer { server.terminate(); server.waitUntilExit() }

        let root = "http://127.0.0.1:\(port)/opds"
        let reader = CatalogReader(client: HTTPClient())
        var feed: CatalogFeed?
        for _ in 0..<60 where feed == nil {
            feed = try? reader.page(root)
            if feed == nil { usleep(500_000) }
        }
        guard var page = feed else { throw XCTSkip("calibre-server did not start") }
        XCTAssertTrue(page.isNavigation)
        var queue = page.entries.flatMap { $0.links.filter { $0.rel == "subsection" }.map(\.href) }
        var seen: Set<String> = [root]
        var found: (CatalogEntry, CatalogLink, BookFileType)?
        while found == nil, !queue.isEmpty, seen.count < 20 {
            let next = queue.removeFirst()
            guard seen.insert(next).inserted else { continue }
            page = try reader.page(next)
            for entry in page.entries {
                if let best = entry.bestAcquisition { found = (entry, best.link, best.kind) }
                queue += entry.links.filter { $0.rel == "subsection" }.map(\.href)
            }
        }
        guard let (entry, link, kind) = found else { return XCTFail("no book found in \(seen.count) feeds") }
        XCTAssertEqual(entry.title, title)
        XCTAssertEqual(kind, .epub)
        let download = BookDownload(client: HTTPClient(), maximumBytes: 10 << 20, totalSeconds: 60, minimumFreeBytes: 0)
        guard case let .fetched(fetched) = try download.fetch(link, kind: kind, into: scratch.path + "/books",
                                                              as: BookFileName.name(entry: entry, link: link, fileExtension: "epub")) else {
            return XCTFail("nothing fetched")
        }
        XCTAssertEqual(fetched.name, title + ".epub")
        let opened = try BookFormats().open(path: scratch.path + "/books/" + fetched.name)
        XCTAssertEqual(opened.book.metadata.title, title)
    }

    private func run(_ tool: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// A port nothing listens on now (the kernel's choice for a socket bound to port 0).
    private func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw XCTSkip("no socket") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(socket, generic, length) == 0 && getsockname(socket, generic, &length) == 0
            }
        }
        guard bound else { throw XCTSkip("cannot bind a socket") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
