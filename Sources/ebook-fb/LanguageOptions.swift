import ArgumentParser
import FoundationEssentials
import Languages

/// The interface's languages (`LANGUAGES=` in a kiosk's settings file).
struct LanguageOptions: ParsableArguments {
    @Option(name: .customLong("ui-language"),
            help: "The interface's language (de, ar, zh_Hant, or a locale such as pt_BR.UTF-8); default: the first of --languages, else LC_ALL, LC_MESSAGES or LANG.")
    var uiLanguage: String?

    @Option(help: "Languages a visitor may choose, comma-separated (de,en,fr): the first is the default and the one an idle reset returns to; with more than one the menu and the library offer them.")
    var languages: String?

    /// The languages offered, their catalogs read from the folder beside
    /// the program; an unreadable catalog is a warning (English stands in).
    func load(warn: (String) -> Void) throws -> InterfaceLanguages {
        let request = LanguageRequest(uiLanguage: uiLanguage,
                                      languages: (languages ?? "").split(separator: ",").map { String($0).trimmed },
                                      environment: LanguageCode.fromEnvironment(ProcessInfo.processInfo.environment))
        do {
            let (loaded, warnings) = try request.load(from: CatalogFolder.ofThisProgram())
            warnings.forEach(warn)
            return loaded
        } catch {
            throw CommandError("\(error)")
        }
    }
}

private extension String {
    var trimmed: String { String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
}
