import BookModel
import Typesetting

extension EPUBBook {
    /// Languages written right to left: a book in one of them pages right
    /// to left when its spine does not say otherwise.
    static let rightToLeftLanguages: Set<String> = ["ar", "he", "iw", "fa", "ur", "yi", "ji", "ps", "sd", "ug", "dv", "ckb",
                                                    "syr", "arc", "ku-arab", "az-arab", "pa-arab", "ms-arab"]

    static func isRightToLeft(language: String?) -> Bool {
        guard let language = language?.lowercased() else { return false }
        let primary = String(language.split(separator: "-").first ?? "")
        if rightToLeftLanguages.contains(primary) { return true }
        let parts = language.split(separator: "-")
        return parts.count > 1 && rightToLeftLanguages.contains("\(primary)-\(parts[1])")
    }

    /// The sections in spine order through `DocumentBuilder`, their links
    /// resolved (a link to a short note is a note reference), with the
    /// contents and metadata.
    static func build(sections: [ContentSection], linear: [Bool], package: PackageDocument, navigation: BookNavigation,
                      resources: EPUBResources, fonts: [EmbeddedFont], notices: [String], stateKey: String? = nil,
                      firstSection: Int = 0, isPartial: Bool = false) -> Book {
        var notes: [String: Int] = [:]
        for section in sections { notes.merge(section.notes) { first, _ in first } }
        var builder = DocumentBuilder()
        for (index, section) in sections.enumerated() {
            builder.beginSection(name: section.path, isLinear: linear[index], fixedPage: section.fixedPage,
                                 writingMode: section.writingMode)
            for block in section.blocks {
                for anchor in block.anchors where anchor.offset == 0 { builder.addAnchor(anchor.name) }
                let links = block.links.map { link in
                    let isNote = link.isMarkedNoteReference || notes[link.target].map { $0 <= maximumNoteLength } ?? false
                    return DocumentLink(range: link.range, target: link.target, isNoteReference: isNote)
                }
                builder.append(block.kind, style: block.style, text: block.text, runs: block.runs, links: links,
                               rubies: block.rubies, hidden: block.rubies.map(\.reading))
                for anchor in block.anchors where anchor.offset > 0 {
                    builder.addAnchor(anchor.name, inLastBlockAt: anchor.offset)
                }
            }
            for anchor in section.trailingAnchors { builder.addAnchor(anchor) }
        }

        var contents = navigation.contents.map { entry -> ContentsEntry in
            let title = entry.title.isEmpty ? sectionTitle(for: entry.target, in: sections) : entry.title
            return ContentsEntry(title: title, level: entry.level, target: entry.target)
        }
        if contents.isEmpty {
            var seen: Set<String> = []
            for (index, section) in sections.enumerated() where linear[index] && !seen.contains(section.path) {
                seen.insert(section.path)
                contents.append(ContentsEntry(title: sectionTitle(for: section.path, in: sections), level: 1,
                                              target: section.path))
            }
        }

        let language = package.languages.first
        var metadata = BookMetadata(title: package.titles.first?.text, authors: package.creators.map(\.text),
                                    language: language)
        metadata.bodyStart = 0
        let progression: PageProgression
        switch package.pageProgression {
        case "rtl": progression = .rightToLeft
        case "ltr": progression = .leftToRight
        default: progression = isRightToLeft(language: language) ? .rightToLeft : .leftToRight
        }
        return builder.build(metadata: metadata, contents: contents, format: .epub, resources: resources, fonts: fonts,
                             pageProgression: progression, notices: notices, stateKey: stateKey, firstSection: firstSection,
                             isPartial: isPartial)
    }

    /// A section's title for the contents: its `<title>`, else its first
    /// heading or text, else its file name.
    static func sectionTitle(for target: String, in sections: [ContentSection]) -> String {
        let path = String(target.split(separator: "#", maxSplits: 1).first ?? "")
        guard let section = sections.first(where: { $0.path == path }) else { return path }
        if let title = section.title { return title }
        if let heading = section.blocks.first(where: { if case .heading = $0.kind { true } else { false } }) {
            return String(heading.text.prefix(80))
        }
        if let first = section.blocks.first(where: { !$0.text.isEmpty }) { return String(first.text.prefix(80)) }
        return String(path.split(separator: "/").last ?? Substring(path))
    }
}
