import Foundation
@testable import Languages
import XCTest

/// The interface's catalogs in po/: each complete and valid, the template
/// holding every message the code asks for, plural forms chosen as each
/// language counts.
final class CatalogTests: XCTestCase {
    static let poFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("po").path
    static let sources = URL(fileURLWithPath: poFolder).deletingLastPathComponent().appendingPathComponent("Sources").path
    static let languages = ["en", "de", "fr", "es", "it", "pt", "nl", "pl", "ru", "uk", "el", "tr", "ar", "he", "hi",
                            "zh_Hans", "zh_Hant", "ja", "ko"]

    /// The template's messages as catalog keys (context, U+0004, English).
    static func templateKeys() throws -> [String] {
        let text = try String(contentsOfFile: poFolder + "/" + CatalogFolder.templateName, encoding: .utf8)
        var keys: [String] = [], context: String?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("msgctxt ") { context = unquoted(line.dropFirst(8)) }
            if line.hasPrefix("msgid "), let id = unquoted(line.dropFirst(6)), !id.isEmpty {
                keys.append(MessageCatalog.key(context: context, id))
                context = nil
            }
        }
        return keys
    }

    static func unquoted(_ text: Substring) -> String? {
        guard text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 else { return nil }
        return String(text.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"")
            .replacingOccurrences(of: "\\n", with: "\n").replacingOccurrences(of: "\\\\", with: "\\")
    }

    func testEveryLanguageHasACompleteCatalog() throws {
        let folder = CatalogFolder(path: Self.poFolder)
        let keys = try Self.templateKeys()
        XCTAssertGreaterThan(keys.count, 40)
        XCTAssertEqual(Set(folder.codes()), Set(Self.languages))
        for code in Self.languages {
            let catalog = try folder.catalog(code)
            let missing = keys.filter { catalog.messages[$0]?.allSatisfy({ !$0.isEmpty }) != true }
            XCTAssertEqual(missing, [], "\(code).po leaves these in English")
            XCTAssertEqual(catalog.messages.count, keys.count, "\(code).po translates messages the template lacks")
        }
    }

    func testTheTemplateHoldsEveryMessageTheCodeAsksFor() throws {
        let keys = Set(try Self.templateKeys())
        let string = #""((?:[^"\\]|\\.)*)""#
        let call = try NSRegularExpression(pattern: #"\blocalized(?:Plural)?\(\s*(?:context:\s*"# + string + #",\s*)?"# + string)
        var asked = 0
        let files = FileManager.default.enumerator(atPath: Self.sources)?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: Self.sources + "/" + file, encoding: .utf8)
            for match in call.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                func group(_ index: Int) -> String? {
                    Range(match.range(at: index), in: text).map { String(text[$0]).replacingOccurrences(of: "\\\"", with: "\"") }
                }
                guard let id = group(2) else { continue }
                asked += 1
                XCTAssertTrue(keys.contains(MessageCatalog.key(context: group(1), id)),
                              "\(file): \"\(id)\" is not in po/ebook-fb.pot: run po/update.py and translate it")
            }
        }
        XCTAssertGreaterThan(asked, 40)
    }

    func testMsgfmtFindsEveryCatalogValid() throws {
        guard let msgfmt = ["/usr/bin/msgfmt", "/usr/local/bin/msgfmt"].first(where: FileManager.default.isExecutableFile)
        else { throw XCTSkip("msgfmt (Debian's gettext) is not installed") }
        for code in Self.languages {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: msgfmt)
            process.arguments = ["--check", "--statistics", "-o", "/dev/null", Self.poFolder + "/\(code).po"]
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, "\(code).po: \(said)")
            XCTAssertFalse(said.contains("untranslated") || said.contains("fuzzy"), "\(code).po: \(said)")
        }
    }

    func testPluralFormsFollowEachLanguage() throws {
        let folder = CatalogFolder(path: Self.poFolder)
        let books = { (code: String, n: Int) throws -> String in
            try folder.catalog(code).localizedPlural("%d book", "%d books", count: n)
        }
        XCTAssertEqual(try books("en", 1), "1 book")
        XCTAssertEqual(try books("en", 2), "2 books")
        XCTAssertEqual(try books("ru", 1), "1 книга")
        XCTAssertEqual(try books("ru", 3), "3 книги")
        XCTAssertEqual(try books("ru", 5), "5 книг")
        XCTAssertEqual(try books("ru", 21), "21 книга")
        XCTAssertEqual(try books("ru", 11), "11 книг")
        XCTAssertEqual(try books("pl", 22), "22 książki")
        XCTAssertEqual(try books("pl", 25), "25 książek")
        XCTAssertEqual(try books("fr", 0), "0 livre")
        XCTAssertEqual(try books("de", 0), "0 Bücher")
        XCTAssertEqual(try folder.catalog("ar").pluralRule.form(for: 2), 2)
        XCTAssertEqual(try folder.catalog("ar").pluralRule.form(for: 11), 4)
        XCTAssertEqual(try books("ja", 7), "7 冊")
    }

    func testMessagesByContextAndTheLanguagesOwnNames() throws {
        let folder = CatalogFolder(path: Self.poFolder)
        let german = try folder.catalog("de")
        XCTAssertEqual(german.localized(context: "line spacing", "Normal"), "Normal")
        XCTAssertEqual(german.localized(context: "margins", "Wide"), "Breit")
        XCTAssertEqual(german.localized("Back to page %d", 12), "Zurück zu Seite 12")
        XCTAssertEqual(german.localized("Not a message of the interface"), "Not a message of the interface")
        XCTAssertEqual(try folder.catalog("ar").ownName, "العربية")
        XCTAssertTrue(try folder.catalog("he").isRightToLeft)
        XCTAssertFalse(german.isRightToLeft)
    }

    func testADamagedCatalogIsOneLineNamingFileAndLine() throws {
        let path = NSTemporaryDirectory() + "damaged-\(getpid()).po"
        try "msgid \"Close\"\nmsgstr \"Fermer\nmsgid \"Open\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertThrowsError(try CatalogFile.read(path, code: "fr")) { error in
            let said = "\(error)"
            XCTAssertTrue(said.contains(path), said)
            XCTAssertFalse(said.contains("\n"), said)
        }
    }

    func testTheEnvironmentsLanguageIsMatchedToACatalog() {
        let codes = Self.languages
        XCTAssertEqual(LanguageCode.match("de_DE.UTF-8", among: codes), "de")
        XCTAssertEqual(LanguageCode.match("zh_TW.UTF-8", among: codes), "zh_Hant")
        XCTAssertEqual(LanguageCode.match("zh-CN", among: codes), "zh_Hans")
        XCTAssertEqual(LanguageCode.match("pt_BR", among: codes), "pt")
        XCTAssertEqual(LanguageCode.match("C", among: codes), "en")
        XCTAssertNil(LanguageCode.match("xx_YY", among: codes))
        XCTAssertEqual(LanguageCode.fromEnvironment(["LANG": "fr_FR.UTF-8", "LC_MESSAGES": "de_DE", "LC_ALL": ""]), "de_DE")
        XCTAssertEqual(try LanguageRequest(languages: ["de", "en", "fr"]).codes(among: codes), ["de", "en", "fr"])
        XCTAssertEqual(try LanguageRequest(uiLanguage: "fr", languages: ["de", "en", "fr"]).codes(among: codes), ["fr", "de", "en"])
        XCTAssertThrowsError(try LanguageRequest(uiLanguage: "xx").codes(among: codes))
    }
}
