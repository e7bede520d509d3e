import BookModel
import StyleSheets
import Typesetting

/// An EPUB opened for reading: the container checked, the package read
/// and the style sheets the manifest lists parsed, while the spine
/// documents are read only when asked for, one at a time. The whole book
/// (`wholeBook`) and a book of one spine document (`book(ofSection:)`)
/// are read the same way, so a section's text and styles are the same in
/// both. Safe to use from several threads: each read starts from its own
/// copy of the parsed sheets.
final class EPUBSource: @unchecked Sendable {
    let container: EPUBContainer
    let resources: EPUBResources
    let publisherStyles: Bool
    /// What reading state is kept under: the same however the book is styled.
    let stateKey: String
    /// The manifest's style sheets, parsed (none with the book's styles off).
    private let manifestSheets: BookStyleSheets
    /// What parsing them spent, where every read starts.
    private let openingBudget: ReadingBudget
    /// What was found wrong opening the container (the package not well-formed).
    private let openingNotices: [String]

    var package: PackageDocument { container.package }

    /// `clock` gives now in ms on a monotonic clock, for the time each
    /// read may spend (nil: no limit); `limits` are what each read may spend.
    init(path: String, publisherStyles: Bool, clock: (@Sendable () -> Double)? = nil,
         limits: ReadingBudget.Limits = .book) throws {
        let container = try EPUBContainer(path: path)
        let package = container.package
        self.container = container
        self.publisherStyles = publisherStyles
        resources = EPUBResources(archive: container.archive, obfuscated: container.encryption.obfuscated,
                                  identifier: package.uniqueIdentifier)
        openingNotices = Self.notices(of: package)
        var sheets = BookStyleSheets(read: { name in
            if case let .success(bytes) = container.read(name, limit: BookStyleSheets.maximumSheetSize) { return bytes }
            return nil
        })
        var budget = ReadingBudget(clock: clock, compressedBytes: container.archive.compressedSize, limits: limits)
        // The families embedded by every sheet the manifest lists, so runs know them before any document links them.
        if publisherStyles {
            for id in package.manifestOrder {
                guard let item = package.manifest[id], item.mediaType == "text/css" else { continue }
                _ = sheets.sheets(at: item.path, budget: &budget)
            }
        }
        manifestSheets = sheets
        openingBudget = budget
        stateKey = Self.stateKey(of: container)
    }

    /// What was found wrong in the package that does not keep the book from being read.
    private static func notices(of package: PackageDocument) -> [String] {
        var notices: [String] = []
        if let problem = package.problem { notices.append("\(package.path) is not well-formed (\(problem))") }
        if package.entityReferencesLeftOut > 0 {
            notices.append(EPUBBook.entityNotice(path: package.path, leftOut: package.entityReferencesLeftOut))
        }
        return notices
    }

    /// The whole book, every spine document read in order; nil when
    /// `stopped` says to stop before the next one.
    func wholeBook(until stopped: () -> Bool) -> OpenedEPUB? {
        var notices = openingNotices
        var sheets = manifestSheets
        var budget = openingBudget
        budget.startClock()
        let (navigation, contentsSource) = EPUBBook.readNavigation(container, budget: &budget)
        var sections: [ContentSection] = []
        var linear: [Bool] = []
        for itemref in package.spine {
            if stopped() { return nil }
            linear.append(itemref.isLinear)
            guard budget.cut == nil else {
                // Past the cut each document keeps its place, empty, so sections stay the spine's.
                sections.append(ContentSection(path: package.manifest[itemref.idref]?.path ?? itemref.idref))
                continue
            }
            sections.append(EPUBBook.readSpineItem(itemref, container: container, resources: resources, sheets: &sheets,
                                                   budget: &budget, publisherStyles: publisherStyles, notices: &notices))
        }
        notices += sheets.leftOut
        let fonts = embeddedFonts(of: sheets, notices: &notices)
        let book = EPUBBook.build(sections: sections, linear: linear, package: package, navigation: navigation,
                                  resources: resources, fonts: fonts, notices: notices, stateKey: stateKey)
        let publication = EPUBPublication(package: package, navigation: navigation,
                                          contentsSource: navigation.contents.isEmpty ? "spine" : contentsSource,
                                          cover: EPUBBook.cover(package: package, sections: sections), resources: resources)
        return OpenedEPUB(book: book, publication: publication)
    }

    /// The whole book, read to its end.
    func wholeBook() -> OpenedEPUB {
        guard let opened = wholeBook(until: { false }) else { preconditionFailure("a read never stopped reaches the end") }
        return opened
    }

    /// A book of spine document `index` alone, its place in the whole
    /// book kept (`BookDocument.firstSection`, `isPartial`). Its contents
    /// are the document itself: the navigation is read with the whole book.
    func book(ofSection index: Int) -> Book {
        var notices = openingNotices
        var sheets = manifestSheets
        var budget = openingBudget
        budget.startClock()
        let itemref = package.spine[index]
        let section = EPUBBook.readSpineItem(itemref, container: container, resources: resources, sheets: &sheets,
                                             budget: &budget, publisherStyles: publisherStyles, notices: &notices)
        notices += sheets.leftOut
        let fonts = embeddedFonts(of: sheets, notices: &notices)
        return EPUBBook.build(sections: [section], linear: [itemref.isLinear], package: package,
                              navigation: BookNavigation(), resources: resources, fonts: fonts, notices: notices,
                              stateKey: stateKey, firstSection: index, isPartial: true)
    }

    /// The fonts the sheets embed that the book holds, with how each is obfuscated.
    private func embeddedFonts(of sheets: BookStyleSheets, notices: inout [String]) -> [EmbeddedFont] {
        var fonts: [EmbeddedFont] = []
        for var font in sheets.fonts {
            guard resources.contains(font.resource) else {
                notices.append("the font \(font.resource) of \(font.family) is not in the book")
                continue
            }
            font.obfuscation = resources.obfuscation(of: font.resource)
            fonts.append(font)
        }
        return fonts
    }

    /// The uncompressed size of each spine document, from the zip's directory (0 when missing).
    var spineSizes: [Int] {
        package.spine.map { itemref in
            package.manifest[itemref.idref].flatMap { container.archive.entries[$0.path]?.size } ?? 0
        }
    }

    /// A hash of the package's unique identifier and of each spine
    /// document's path, size and CRC-32 as the zip's directory records
    /// them: another edition of the text is another book, while the same
    /// text repacked, restyled or read with its styles off is the same.
    /// Reading the directory costs nothing more: the documents are not read.
    static func stateKey(of container: EPUBContainer) -> String {
        let package = container.package
        var bytes = Array((package.uniqueIdentifier ?? "").utf8)
        bytes.append(0)
        for itemref in package.spine {
            guard let item = package.manifest[itemref.idref] else {
                bytes += Array(itemref.idref.utf8) + [0]
                continue
            }
            bytes += Array(item.path.utf8) + [0]
            let entry = container.archive.entries[item.path]
            withUnsafeBytes(of: (entry?.checksum ?? 0).littleEndian) { bytes += $0 }
            withUnsafeBytes(of: UInt64(entry?.size ?? 0).littleEndian) { bytes += $0 }
        }
        let hex = String(bytes.withUnsafeBytes(ByteHash.hash64), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

extension EPUBBook {
    /// The language the package of the EPUB at `path` names first, read
    /// from the package alone; nil when it names none or cannot be read.
    public static func language(ofBookAt path: String) -> String? {
        (try? EPUBContainer(path: path))?.package.languages.first
    }
}
