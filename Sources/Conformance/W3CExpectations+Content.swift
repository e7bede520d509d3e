/// Content documents: XHTML, images, fonts, links, fallbacks, XML.
extension W3CExpectations {
    static func embeddedFont(_ test: String, family: String, format: String) -> W3CExpectation {
        W3CExpectation(
            test, statement: "Test passes if the item below is rendered in unusual font.",
            expected: "the \(format) font \(family) of @font-face loads and the typesetter draws the item with it",
            judge: .program { context in
                let book = context.book()
                if let error = book.error { return Verdict(false, "refused: \(error)") }
                let loaded = book.fonts.first { $0.family == family }?.loaded ?? false
                let glyphs = book.embeddedGlyphs[family] ?? 0
                return Verdict(loaded && glyphs > 0, "\(family) loads: \(loaded); " + Judges.describe(embeddedGlyphs: book.embeddedGlyphs))
            })
    }

    static func foreignSpine(_ test: String) -> W3CExpectation {
        W3CExpectation(test, statement: "Test passes if you see this text.",
                       expected: "the spine item's XHTML fallback is shown in its place",
                       judge: .shows("Test passes if you see this text."))
    }

    static func imageFormat(_ test: String, _ format: String) -> W3CExpectation {
        W3CExpectation(test, statement: "Test passes if you can see an image below.",
                       expected: "the \(format) image is drawn",
                       judge: .drawsImage(showing: "Test passes if you can see an image below."))
    }

    /// External links do nothing on a kiosk: nothing opens, with or without consent.
    static func externalLink(_ test: String, statement: String) -> W3CExpectation {
        W3CExpectation(test, statement: statement,
                       expected: "the link opens outside the reader after the reader's consent",
                       judge: .program { context in
                           let book = context.book()
                           let links = Judges.links(in: book)
                           return Verdict(false, "the link is shown as text and does nothing (\(links.count) internal links): "
                                          + "a kiosk has no browser or mail program to open")
                       })
    }

    static let content: [W3CExpectation] = [
        W3CExpectation("cnt-xhtml-support", statement: "Test passes if you see this.",
                       expected: "the XHTML document's text is shown", judge: .shows("Test passes if you see this.")),
        embeddedFont("cnt-css-fonts_ot", family: "Franky Toys", format: "OpenType"),
        embeddedFont("cnt-css-fonts_tt", family: "Lobster", format: "TrueType"),
        embeddedFont("cnt-css-fonts_woff", family: "Pacifico", format: "WOFF"),
        embeddedFont("cnt-css-fonts_woff2", family: "Macondo", format: "WOFF2"),
        W3CExpectation(
            "lay-pkg-flow-paginated",
            statement: "The test passes if the content in the following chapters is dynamically paginated by the reading system",
            expected: "the chapters are cut into pages the size of the screen, more pages than documents",
            judge: .program { context in
                let book = context.book()
                let sections = book.book?.document?.sections.count ?? 0
                return Verdict(book.pages.count > sections && sections > 0, "\(sections) documents on \(book.pages.count) pages")
            }),
        imageFormat("pub-cmt-gif", "GIF"), imageFormat("pub-cmt-jpeg", "JPEG"), imageFormat("pub-cmt-png", "PNG"),
        imageFormat("pub-cmt-webp", "WebP"),
        W3CExpectation("pub-data-urls_browsing-context",
                       statement: "The test passes if you are able to see the image below inside this ebook.",
                       expected: "the JPEG of the data: URL is drawn on the page",
                       judge: .drawsImage(showing: "The test passes if you are able to see the image below", resource: "data:1")),
        externalLink("pub-external-links",
                     statement: "Test passes if the following link opens in a new browser instance after asking the reader's consent."),
        externalLink("pub-external-links_consent",
                     statement: "Test passes if following the link below asks for the reader's consent before opening the system's email application."),
        W3CExpectation(
            "pub-file-urls",
            statement: "Test passes if none of the local resources are loaded",
            expected: "the iframes' file: URLs are not read: the pages show the document's own text and nothing else",
            judge: .program { context in
                let book = context.book()
                if let error = book.error { return Verdict(false, "refused: \(error)") }
                let images = Judges.imageBlocks(book)
                let shown = TextMatch.shows(book.text, "Iframe referring to \"file:///var/log/lastlog\"")
                let characters = book.book?.text.scalarCount ?? 0
                return Verdict(shown && images.isEmpty && characters < 1_000,
                               "\(characters) characters, \(images.count) images: only the document's text")
            }),
        W3CExpectation("pub-foreign_image", statement: "Test passes if you see a snowflake image below.",
                       expected: "the PSD image's manifest fallback, Snowflake.png, is drawn",
                       judge: .drawsImage(showing: "Test passes if you see a snowflake image below.", resource: "Snowflake.png")),
        foreignSpine("pub-foreign_json-spine"), foreignSpine("pub-foreign_xml-spine"), foreignSpine("pub-foreign_xml-suffix-spine"),
        W3CExpectation("pub-xml-external-id", statement: "Test passes unless a failure statement follows this paragraph.",
                       expected: "the external entity is not read: its text never shows",
                       judge: .showsNot("The test fails", showing: "Test passes unless a failure statement follows this paragraph.")),
        W3CExpectation("pub-xml-names", statement: "Test passes if the reading system reports an error on this page.",
                       expected: "the page starts with a notice that the document is not well-formed, then its text",
                       judge: .reportsError(showing: "Test passes if the reading system reports an error on this page.")),
        W3CExpectation("pub-xml-non-validating_unclosed",
                       statement: "Test passes if the reading system reports an error on this page.",
                       expected: "the page starts with a notice that the document is not well-formed, then its text",
                       judge: .reportsError(showing: "This paragraph has an unclosed tag.")),
        W3CExpectation(
            "pub-xml-non-validating_comment",
            statement: "Test passes if the invalid navigation document is not included in the spine.",
            expected: "the commented-out itemref is not read: no section for the navigation document",
            judge: .program { context in
                let sections = context.book().book?.document?.sections.map(\.name) ?? []
                return Verdict(!sections.isEmpty && !sections.contains { $0.hasSuffix("nav.xhtml") }, "sections: \(sections)")
            }),
    ]
}
