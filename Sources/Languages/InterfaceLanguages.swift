/// The languages a reader offers and the one its interface is in now,
/// shared by the library and every book opened from it. Choosing another
/// changes what the screens are handed from then on.
public final class InterfaceLanguages {
    /// The catalogs offered, in the order given; the first is where an idle kiosk returns.
    public let offered: [MessageCatalog]
    public private(set) var current: MessageCatalog

    public init(offered: [MessageCatalog]) {
        let list = offered.isEmpty ? [MessageCatalog.english] : offered
        self.offered = list
        current = list[0]
    }

    public static var english: InterfaceLanguages { InterfaceLanguages(offered: [.english]) }

    /// More than one language: the menu and the library offer the choice.
    public var offersChoice: Bool { offered.count > 1 }

    /// Shows the interface in `code`; false when it is not offered.
    @discardableResult
    public func choose(_ code: String) -> Bool {
        guard let catalog = offered.first(where: { $0.code == code }) else { return false }
        current = catalog
        return true
    }

    /// Back to the first language (a kiosk left untouched).
    public func reset() { current = offered[0] }
}

/// How the reader's languages are chosen: `--ui-language`, else the first
/// of `--languages`, else the environment (`LC_ALL`, `LC_MESSAGES`,
/// `LANG`), else English. The one chosen leads the list offered.
public struct LanguageRequest: Sendable, Equatable {
    /// `--ui-language`: a code or locale name.
    public var uiLanguage: String?
    /// `--languages`: the codes offered, the first the default.
    public var languages: [String] = []
    /// The environment's choice (`LanguageCode.fromEnvironment`).
    public var environment: String?

    public init(uiLanguage: String? = nil, languages: [String] = [], environment: String? = nil) {
        self.uiLanguage = uiLanguage
        self.languages = languages
        self.environment = environment
    }

    /// The codes to offer, the first shown, among the catalogs `available`.
    /// An asked language without a catalog is an error naming it; the
    /// environment's is only taken when it fits (else English).
    public func codes(among available: [String]) throws(CatalogError) -> [String] {
        func matched(_ name: String, _ option: String) throws(CatalogError) -> String {
            guard let code = LanguageCode.match(name, among: available) else {
                throw CatalogError("\(option) \(name): no catalog for it (there are: \(available.joined(separator: " ")))")
            }
            return code
        }
        var list: [String] = []
        for name in languages where !name.isEmpty {
            let code = try matched(name, "--languages")
            if !list.contains(code) { list.append(code) }
        }
        let first: String
        if let uiLanguage {
            first = try matched(uiLanguage, "--ui-language")
        } else if let head = list.first {
            first = head
        } else {
            first = environment.flatMap { LanguageCode.match($0, among: available) } ?? "en"
        }
        return [first] + list.filter { $0 != first }
    }

    /// The languages offered, read from `folder`; a catalog that cannot be
    /// read is left out with a one-line warning (English stands in).
    public func load(from folder: CatalogFolder?) throws(CatalogError) -> (languages: InterfaceLanguages, warnings: [String]) {
        let available = folder?.codes() ?? ["en"]
        var warnings: [String] = []
        var catalogs: [MessageCatalog] = []
        for code in try codes(among: available) {
            guard let folder else { continue }
            do {
                catalogs.append(try folder.catalog(code))
            } catch {
                warnings.append("\(error); the interface shows English instead")
                if !catalogs.contains(where: { $0.code == "en" }) { catalogs.append(.english) }
            }
        }
        return (InterfaceLanguages(offered: catalogs), warnings)
    }
}
