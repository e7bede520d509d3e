import LinuxSystem

/// The folder of the interface's catalogs: `ebook-fb.pot` and one
/// `CODE.po` a language. A build finds the checkout's `po/`, an installed
/// reader `share/ebook-fb/po` under its prefix.
public struct CatalogFolder: Sendable, Equatable {
    public let path: String

    public init(path: String) { self.path = path }

    public static let templateName = "ebook-fb.pot"

    /// The folder for the program at `executable`: from its own folder up,
    /// the first `po/` or `share/ebook-fb/po/` that holds the template.
    public static func find(executable: String, exists: (String) -> Bool) -> CatalogFolder? {
        var folder = executable
        while let slash = folder.lastIndex(of: "/") {
            folder = String(folder[..<slash])
            for candidate in [folder + "/po", folder + "/share/ebook-fb/po"] where exists(candidate + "/" + templateName) {
                return CatalogFolder(path: candidate)
            }
        }
        return nil
    }

    /// The folder of the running program, if it has one.
    public static func ofThisProgram() -> CatalogFolder? {
        find(executable: FileSystem.canonicalPath("/proc/self/exe") ?? "") { (try? FileSystem.status($0)) != nil }
    }

    /// The languages the folder has catalogs of ("de", "zh_Hans"), sorted; English always.
    public func codes() -> [String] {
        let names = (try? FileSystem.directoryEntries(path)) ?? []
        let found = names.filter { $0.hasSuffix(".po") }.map { String($0.dropLast(3)) }
        return Array(Set(found + ["en"])).sorted()
    }

    /// The catalog of `code`; English needs no file.
    public func catalog(_ code: String) throws(CatalogError) -> MessageCatalog {
        let file = path + "/" + code + ".po"
        if code == "en", (try? FileSystem.status(file)) == nil { return .english }
        return try CatalogFile.read(file, code: code)
    }
}

/// Language names as people and systems give them, matched to catalogs.
public enum LanguageCode {
    /// The catalog among `available` for a POSIX locale or a language tag
    /// ("de_DE.UTF-8", "pt-BR", "zh_TW", "zh-Hans", "C"): the name itself,
    /// then Chinese by script (Taiwan, Hong Kong and Macau write Hant),
    /// then the language alone; nil when none fits.
    public static func match(_ name: String, among available: [String]) -> String? {
        var bare = name
        if let cut = bare.firstIndex(where: { $0 == "." || $0 == "@" }) { bare = String(bare[..<cut]) }
        bare = bare.replacing("-", with: "_")
        if bare == "C" || bare == "POSIX" { bare = "en" }
        let lower = available.map { $0.lowercased() }
        func find(_ code: String) -> String? { lower.firstIndex(of: code.lowercased()).map { available[$0] } }
        if let exact = find(bare) { return exact }
        let parts = bare.split(separator: "_").map(String.init)
        guard let language = parts.first?.lowercased(), !language.isEmpty else { return nil }
        if language == "zh" {
            let rest = Set(parts.dropFirst().map { $0.lowercased() })
            let traditional = !rest.isDisjoint(with: ["hant", "tw", "hk", "mo"])
            return find(traditional ? "zh_Hant" : "zh_Hans")
        }
        return find(language)
    }

    /// The language the environment asks for, as POSIX orders it: `LC_ALL`,
    /// else `LC_MESSAGES`, else `LANG` (the first set and not empty).
    public static func fromEnvironment(_ environment: [String: String]) -> String? {
        ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
    }
}
