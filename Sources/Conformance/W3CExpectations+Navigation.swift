/// The navigation document and structural semantics (notes).
extension W3CExpectations {
    /// The contents hold these titles, each leading to a section whose name ends so.
    static func contents(_ test: String, statement: String, expected: String, entries: [(String, String)],
                         showing: String? = nil, hiding: String? = nil) -> W3CExpectation {
        W3CExpectation(test, statement: statement, expected: expected, judge: .program { context in
            let book = context.book()
            if let error = book.error { return Verdict(false, "refused: \(error)") }
            let contents = Judges.contents(book)
            let found = entries.allSatisfy { title, section in
                contents.contains { $0.title == title && $0.section.hasSuffix(section) }
            }
            var passed = found && contents.count == entries.count
            var observed = Judges.describe(contents)
            if let showing, let hiding {
                let navigation = book.pages.filter { TextMatch.shows($0.lines.joined(separator: " "), showing) }
                    .map { $0.lines.joined(separator: " ") }.joined(separator: " ")
                let hidden = !TextMatch.shows(navigation, hiding)
                passed = passed && !navigation.isEmpty && hidden
                observed += "; the navigation document's page \(hidden ? "hides" : "shows") \"\(hiding)\""
            }
            return Verdict(passed, observed)
        })
    }

    static let navigation: [W3CExpectation] = [
        contents("nav-access", statement: "Test passes if you can access the single link in the navigation document.",
                 expected: "the contents hold the navigation document's one link, leading to its document",
                 entries: [("Test passes if you can see this link", "content_001.xhtml")]),
        W3CExpectation(
            "nav-activation",
            statement: "Test passes if you can use the navigation document to reach the linked content document.",
            expected: "the contents lead to the second document, and so does the link on the navigation document's page",
            judge: .program { context in
                let book = context.book()
                let sections = book.book?.document?.sections ?? []
                guard let second = sections.first(where: { $0.name.hasSuffix("content_002.xhtml") }) else {
                    return Verdict(false, "no section for content_002.xhtml")
                }
                let contents = Judges.contents(book)
                let links = Judges.links(in: book).filter { $0.target == second.offsets.lowerBound }
                return Verdict(contents.contains { $0.section.hasSuffix("content_002.xhtml") } && !links.isEmpty,
                               Judges.describe(contents) + "; \(links.count) link(s) on the pages lead to content_002.xhtml")
            }),
        contents("nav-non-text_img",
                 statement: "Test passes if the table of content in the reading system contains two links with the following labels:",
                 expected: "the contents: \"Start page\" and the image's alt text \"Description of the Abbey of Sénanque\"",
                 entries: [("Start page", "content_001.xhtml"), ("Description of the Abbey of Sénanque", "senanque.xhtml")]),
        contents("nav-non-text_img_title",
                 statement: "Test passes if the table of content in the reading system contains two links with the following labels:",
                 expected: "the contents: \"Start page\" and the image's alt text \"Description of the Abbey of Sénanque\"",
                 entries: [("Start page", "content_001.xhtml"), ("Description of the Abbey of Sénanque", "senanque.xhtml")]),
        contents("nav-spine_in-spine",
                 statement: "Test passes if you can access the two links in the navigation document, which is in the spine.",
                 expected: "the contents hold both links of the navigation document",
                 entries: [("Test passes if you can see two links (first link)", "content_001.xhtml"),
                           ("Test passes if you can see two links (second link)", "content_002.xhtml")]),
        contents("nav-spine_in-spine-hidden-toc-css",
                 statement: "Test passes if the TOC links to the first and second links appear in the Reading System's own TOC widget, but the second link does not appear when the navigation document is rendered in the spine.",
                 expected: "the contents hold both links; the navigation document's page shows only the first (display: none)",
                 entries: [("The first link", "content_001.xhtml"), ("The second link", "content_002.xhtml")],
                 showing: "This is the navigation document rendered in the spine", hiding: "The second link"),
        contents("nav-spine_in-spine-hidden-toc-html",
                 statement: "Test passes if the TOC links to the first and second links appear in the Reading System's own TOC widget, but the second link does not appear when the navigation document is rendered in the spine.",
                 expected: "the contents hold both links; the navigation document's page shows only the first (hidden)",
                 entries: [("The first link", "content_001.xhtml"), ("The second link", "content_002.xhtml")],
                 showing: "This is the navigation document rendered in the spine", hiding: "The second link"),
        contents("nav-spine_in-spine-no-list-style",
                 statement: "The test passes if the reading system's rendering of the navigation does not show numbering, disregarding the list-style-type declared in the navigation document.",
                 expected: "the contents' titles are the links' text, with no numbering",
                 entries: [("Test passes if you can see two links: the first link", "content_001.xhtml"),
                           ("the second link", "content_002.xhtml")]),
        contents("nav-spine_not-in-spine",
                 statement: "Test passes if you can access the two links in the navigation document, which is not in the spine.",
                 expected: "the contents hold both links of the navigation document outside the spine",
                 entries: [("Test passes if you can see two links (first link)", "content_001.xhtml"),
                           ("Test passes if you can see two links (second link)", "content_002.xhtml")]),
        W3CExpectation(
            "pss-support",
            statement: "This Reading System supports structural semantics if a text appears as a footnote with a system specific user interface",
            expected: "the noteref link is a note reference to the aside's text, which the reader shows in its note panel",
            judge: .program { context in
                let book = context.book()
                guard let full = book.book, let link = Judges.links(in: book).first else { return Verdict(false, "no link") }
                let target = Judges.text(of: full, from: link.target, count: 43)
                return Verdict(link.isNote && target == "This text is meant to appear as a footnote.",
                               "link \"\(link.text)\" note reference: \(link.isNote), leads to \"\(target)\"")
            }),
        W3CExpectation(
            "pss-support_ignore-title",
            statement: "The test passes if no footnote appears on this page when clicking on this link",
            expected: "the second page's link, to a title element marked as a footnote, is no note reference",
            judge: .program { context in
                let book = context.book()
                let first = Judges.links(in: book, section: "content_001.xhtml")
                let second = Judges.links(in: book, section: "content_002.xhtml")
                return Verdict(second.allSatisfy { !$0.isNote } && first.contains { $0.isNote },
                               "first page: \(first.map(\.isNote)); second page: \(second.count) link(s) resolved, note references: \(second.map(\.isNote))")
            }),
    ]
}
