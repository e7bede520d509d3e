import EPUB

/// The container: packages, paths, fonts, compression.
extension W3CExpectations {
    /// A test whose script resolves `reference` from its document: the
    /// reader runs no scripts, so its own URL resolution of the same
    /// reference is judged.
    static func urlParsing(_ test: String, reference: String, statement: String) -> W3CExpectation {
        W3CExpectation(test, statement: statement,
                       expected: "the reader runs no scripts; its own URL resolution of the test's \(reference) from "
                           + "EPUB/content_001.xhtml gives media/imgs/monastery.jpg at the container's root",
                       judge: .program { _ in
                           let resolved = ContainerReference.resolve(reference, from: "EPUB/content_001.xhtml")
                           return Verdict(resolved.path == "media/imgs/monastery.jpg", "resolved to \(resolved)")
                       })
    }

    static let container: [W3CExpectation] = [
        W3CExpectation(
            "ocf-font_obfuscation",
            statement: "Test passes if the following text is rendered with an unusual TrueType font",
            expected: "the IDPF-obfuscated Lobster font loads once recovered, and the typesetter draws the text with it",
            judge: .program { context in
                let book = context.book()
                let font = book.fonts.first { $0.family == "Lobster" }
                let loaded = font?.loaded == true && font?.obfuscation == "idpf"
                let glyphs = book.embeddedGlyphs["Lobster"] ?? 0
                return Verdict(loaded && glyphs > 0, "Lobster (\(font?.obfuscation ?? "not obfuscated")) loads: \(loaded); "
                               + Judges.describe(embeddedGlyphs: book.embeddedGlyphs))
            }),
        W3CExpectation(
            "ocf-font_obfuscation_bis",
            statement: "Test passes if the following text is not rendered with an unusual TrueType font",
            expected: "the font, obfuscated with another publication's identifier, does not load, so no text is set in it",
            judge: .program { context in
                let book = context.book()
                if let error = book.error { return Verdict(false, "refused: \(error)") }
                guard let font = book.fonts.first(where: { $0.family == "Lobster" }) else {
                    return Verdict(false, "the book declares no Lobster font")
                }
                let glyphs = book.embeddedGlyphs["Lobster"] ?? 0
                let shown = TextMatch.shows(book.text, "Test passes if the following text is not rendered")
                return Verdict(!font.loaded && glyphs == 0 && shown,
                               "Lobster (\(font.obfuscation ?? "not obfuscated")) loads: \(font.loaded); "
                               + Judges.describe(embeddedGlyphs: book.embeddedGlyphs) + "; the text \(shown ? "shown" : "not shown")")
            }),
        W3CExpectation(
            "ocf-metainf-inc",
            statement: "Test passes if this page of the book can be accessed without any error.",
            expected: "the book opens and shows its page; the extra file in META-INF is ignored",
            judge: .shows("Test passes if this page of the book can be accessed without any error.")),
        W3CExpectation(
            "ocf-metainf-manifest",
            statement: "Test passes if only this page of the book is accessible by the reader.",
            expected: "one section, the package's only spine document; META-INF/manifest.xml's extra item is not read",
            judge: .program { context in
                let book = context.book()
                let sections = book.book?.document?.sections.map(\.name) ?? []
                let shown = TextMatch.shows(book.text, "Test passes if only this page of the book is accessible by the reader.")
                return Verdict(sections == ["EPUB/content_001.xhtml"] && shown, "sections: \(sections)")
            }),
        W3CExpectation(
            "ocf-package_arbitrary",
            statement: "Test passes if you see this.",
            expected: "the package container.xml names (FOO/BAR) is read: its page shows, the other packages' do not",
            judge: .showsNot("Test fails if you see this", showing: "Test passes if you see this.")),
        W3CExpectation(
            "ocf-package_multiple",
            statement: "Test passes if you see this.",
            expected: "the first of the three packages container.xml lists is read",
            judge: .showsNot("Test fails if you see this", showing: "Test passes if you see this.")),
        W3CExpectation(
            "ocf-url_link-leaking-relative",
            statement: "Test passes if the photo of the medieval monastery appears below.",
            expected: "the image reached by ../../../../media/imgs/monastery.jpg (stopping at the root) is drawn",
            judge: .drawsImage(showing: "Test passes if the photo", resource: "media/imgs/monastery.jpg")),
        W3CExpectation(
            "ocf-url_link-path-absolute",
            statement: "Test passes if the photo of the medieval monastery appears below.",
            expected: "the image reached by /media/imgs/monastery.jpg (from the container's root) is drawn",
            judge: .drawsImage(showing: "Test passes if the photo", resource: "media/imgs/monastery.jpg")),
        W3CExpectation(
            "ocf-url_link-relative",
            statement: "Test passes if the photo of the medieval monastery appears below.",
            expected: "the image reached by a relative path is drawn",
            judge: .drawsImage(showing: "Test passes if the photo", resource: "media/imgs/monastery.jpg")),
        W3CExpectation(
            "ocf-url_manifest",
            statement: "Test passes if this page opens.",
            expected: "the document in a subfolder of the package's folder is found and shown",
            judge: .shows("Test passes if this page opens.")),
        W3CExpectation(
            "ocf-url_relative",
            statement: "Test passes if this page opens.",
            expected: "the document relative to a package in foo/BAR is found and shown",
            judge: .shows("Test passes if this page opens.")),
        W3CExpectation(
            "ocf-url_origin",
            statement: "If the publication is displayed by two different users, and the origin URLs below are",
            expected: "a unique origin per user's copy, shown by the book's script",
            judge: .notJudgeable("the reader runs no scripts (a kiosk), so the book cannot show an origin; two users must compare")),
        urlParsing("ocf-url_parse-leaking-relative", reference: "../../../../../media/imgs/monastery.jpg",
                   statement: "The test passes if the calculated absolute URL value is of the form"),
        urlParsing("ocf-url_parse-path-absolute", reference: "/media/imgs/monastery.jpg",
                   statement: "const path_absolute = '/media/imgs/monastery.jpg';"),
        W3CExpectation(
            "ocf-zip-comp",
            statement: "Test passes if reading system raises error when loading this epub file.",
            expected: "the book is refused with one line naming the compression method",
            judge: .program { context in
                let book = context.book()
                guard let error = book.error else { return Verdict(false, "opened without an error") }
                let oneLine = !error.contains("\n")
                let named = ["compress", "deflate", "method"].contains { error.lowercased().contains($0) }
                return Verdict(oneLine && named, "refused: \(error)")
            }),
    ]
}
