import ArgumentParser
import Reader

/// The OPDS catalogs a library offers to browse on its screen.
struct CatalogOptions: ParsableArguments {
    @Option(name: .customLong("catalog"),
            help: "With a folder: an OPDS catalog the library offers to browse and download from, as \"Name|URL\" (repeatable).")
    var catalogs: [String] = []

    @Option(name: .customLong("max-book-mb"), help: "With --catalog: the largest book a download takes, in MB.")
    var maxBookMB = 500

    @Option(name: .customLong("min-free-mb"), help: "With --catalog: space a download leaves free on the books folder's file system, in MB.")
    var minFreeMB = 200

    func validate() throws {
        _ = try sources()
        guard (1...1_000_000).contains(maxBookMB) else { throw ValidationError("--max-book-mb \(maxBookMB): from 1 to 1000000") }
        guard (0...1_000_000).contains(minFreeMB) else { throw ValidationError("--min-free-mb \(minFreeMB): from 0 to 1000000") }
    }

    /// The catalogs given, in order.
    func sources() throws -> [CatalogSource] {
        try catalogs.map { text in
            do throws(CatalogSource.Problem) { return try CatalogSource(parsing: text) } catch {
                throw ValidationError("--catalog: \(error)")
            }
        }
    }
}
