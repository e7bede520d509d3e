import ArgumentParser
import Reader

/// The OPDS catalogs a library offers to browse on its screen.
struct CatalogOptions: ParsableArguments {
    @Option(name: .customLong("catalog"),
            help: "With a folder: an OPDS catalog the library offers to browse and download from, as \"Name|URL\" (repeatable).")
    var catalogs: [String] = []

    func validate() throws { _ = try sources() }

    /// The catalogs given, in order.
    func sources() throws -> [CatalogSource] {
        try catalogs.map { text in
            do throws(CatalogSource.Problem) { return try CatalogSource(parsing: text) } catch {
                throw ValidationError("--catalog: \(error)")
            }
        }
    }
}
