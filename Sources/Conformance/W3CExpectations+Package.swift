import BookModel
import EPUB
import Typesetting

/// The package document: metadata, manifest and spine.
extension W3CExpectations {
    static func opens(_ test: String) -> W3CExpectation {
        W3CExpectation(test, statement: "Test passes if the EPUB opens.",
                       expected: "the book opens and shows its page", judge: .shows("Test passes if the EPUB opens."))
    }

    /// A title's direction as the interface sets it.
    static func titleDirection(_ test: String, statement: String, direction: String) -> W3CExpectation {
        W3CExpectation(test, statement: statement,
                       expected: "the title is set \(direction) in the reader's interface",
                       judge: .program { context in
                           guard let title = context.book().file?.publication.package.titles.first else {
                               return Verdict(false, "no title")
                           }
                           let shown = Judges.displayDirection(title)
                           return Verdict(shown == direction, "title \"\(title.text)\" dir=\(title.direction ?? "none"): set \(shown)")
                       })
    }

    static func progression(_ test: String, _ direction: PageProgression, statement: String, order: [String]) -> W3CExpectation {
        W3CExpectation(test, statement: statement,
                       expected: "the documents in spine order, pages progressing \(direction.rawValue)",
                       judge: .program { context in
                           let book = context.book()
                           if let error = book.error { return Verdict(false, "refused: \(error)") }
                           let progression = book.book?.document?.pageProgression ?? .leftToRight
                           let positions = order.compactMap { TextMatch.position(of: $0, in: book.text) }
                           let inOrder = positions.count == order.count && positions == positions.sorted()
                           return Verdict(progression == direction && inOrder,
                                          "pages progress \(progression.rawValue); documents in order: \(inOrder)")
                       })
    }

    static let package: [W3CExpectation] = [
        opens("pkg-collections-unknown"), opens("pkg-manifest-unknown"), opens("pkg-meta-unknown"),
        opens("pkg-spine-unknown"), opens("pkg-version-backward"),
        W3CExpectation(
            "pkg-creator-order",
            statement: "Test passes if Dave Cramer appears as the first creator in the reading system interface.",
            expected: "authors in the package's order, Dave Cramer first",
            judge: .program { context in
                let authors = context.book().book?.metadata.authors ?? []
                return Verdict(authors.first == "Dave Cramer", "authors: \(authors)")
            }),
        titleDirection("pkg-dir-auto_root-rtl", statement: "That is not a correct rendering of the text.", direction: "ltr"),
        titleDirection("pkg-dir-auto_root-unset", statement: "That is not a correct rendering of the text.", direction: "ltr"),
        titleDirection("pkg-dir_rtl-root-ltr", statement: "That is a correct rendering of the text.", direction: "rtl"),
        titleDirection("pkg-dir_rtl-root-unset", statement: "That is a correct rendering of the text.", direction: "rtl"),
        titleDirection("pkg-dir_unset-root-rtl", statement: "That is a correct rendering of the text.", direction: "rtl"),
        titleDirection("pkg-dir_unset-root-unset", statement: "That is not a correct rendering of the text.", direction: "ltr"),
        W3CExpectation(
            "pkg-dir_creator-rtl",
            statement: "Test passes if the book creator's name in the reading system interface displays RTL.",
            expected: "the creator is set right to left in the interface",
            judge: .program { context in
                guard let creator = context.book().file?.publication.package.creators.first else { return Verdict(false, "no creator") }
                let shown = Judges.displayDirection(creator)
                return Verdict(shown == "rtl", "creator \"\(creator.text)\" dir=\(creator.direction ?? "none"): set \(shown)")
            }),
        W3CExpectation(
            "pkg-dir_but_not_content",
            statement: "Test passes if the following list is not rendered right-to-left",
            expected: "the content (no dir of its own) is set left to right: every line of the list and of the paragraph "
                + "before it starts at the left, nearer the left edge of the text than the right",
            judge: .program { context in
                let book = context.book()
                if let error = book.error { return Verdict(false, "refused: \(error)") }
                let directions = (book.book?.document?.blocks ?? []).compactMap(\.style.direction)
                let margin = Double(book.geometry.marginLeft)
                let right = margin + Double(book.geometry.measure) / 64
                var observed: [String] = []
                var leftAligned = !directions.contains(.rightToLeft)
                for prefix in ["Test passes if the following list", "List entry no. 1", "List entry no. 2", "List entry no. 3"] {
                    guard let lines = LineAttribution.lines(ofBlockStartingWith: prefix, in: book), !lines.isEmpty else {
                        return Verdict(false, "the lines of \"\(prefix)\" were not found on the pages")
                    }
                    // A justified line meets both edges; a ragged one shows its side.
                    let gaps = lines.map { (left: $0.extent.lowerBound - margin, right: right - $0.extent.upperBound) }
                    leftAligned = leftAligned && gaps.allSatisfy { $0.left <= $0.right + 1 }
                    observed.append("\"\(prefix)\": \(lines.count) line(s), gaps left/right "
                                    + gaps.map { "\(Int($0.left))/\(Int($0.right))" }.joined(separator: ", "))
                }
                return Verdict(leftAligned, observed.joined(separator: "; "))
            }),
        W3CExpectation(
            "pkg-lang_but_not_content",
            statement: "Test passes if the following quotation is not surrounded by the pair '«' and '»' characters",
            expected: "the q element's marks are English ones (“ ”), the package's French not applied to the content",
            judge: .program { context in
                let book = context.book()
                if let error = book.error { return Verdict(false, "refused: \(error)") }
                let english = TextMatch.shows(book.text, "\u{201C}Le mieux est l'ennemi du bien\u{201D}")
                let french = book.text.contains("\u{AB}Le mieux") || book.text.contains("\u{AB}\u{A0}Le mieux")
                return Verdict(english && !french, english ? "shown as “Le mieux est l'ennemi du bien”" : "pages: \(book.text.suffix(300))")
            }),
        W3CExpectation(
            "pkg-linked-records",
            statement: "This test passes if the Reading System displays the epub's title as Package metadata title! and displays the epub's creator as Matthew Chan",
            expected: "title \"Package metadata title!\", author \"Matthew Chan\"",
            judge: .program { context in
                let metadata = context.book().book?.metadata
                return Verdict(metadata?.title == "Package metadata title!" && metadata?.authors.first == "Matthew Chan",
                               "title \(metadata?.title ?? "none"), authors \(metadata?.authors ?? [])")
            }),
        W3CExpectation(
            "pkg-manifest-unlisted-resource",
            statement: "Test fails if a red image is visible.",
            expected: "the image the manifest does not list is not drawn",
            judge: .program { context in
                let book = context.book()
                if let error = book.error { return Verdict(false, "refused: \(error)") }
                let blocks = Judges.imageBlocks(book)
                let drawn = book.imagesDrawn
                let shown = TextMatch.shows(book.text, "Test fails if a red image is visible.")
                return Verdict(shown && drawn.isEmpty && blocks.isEmpty,
                               "\(drawn.count) image(s) drawn, \(blocks.count) image block(s); statement \(shown ? "shown" : "not shown")")
            }),
        W3CExpectation(
            "pkg-meta-whitespace",
            statement: "Test passes if the reading system does not render leading spaces, trailing spaces, or excess internal spaces for the title and creator.",
            expected: "title and creator with single spaces and none at the ends",
            judge: .program { context in
                let metadata = context.book().book?.metadata
                let texts = [metadata?.title ?? ""] + (metadata?.authors ?? [])
                let clean = texts.allSatisfy { $0 == PackageDocument.collapsed($0) && !$0.isEmpty }
                return Verdict(clean, "title \"\(metadata?.title ?? "")\", authors \(metadata?.authors ?? [])")
            }),
        W3CExpectation(
            "pkg-spine-duplicate-item-hyperlink",
            statement: "Test passes if clicking this link navigates to the first of three duplicate documents.",
            expected: "the link leads to the start of the first of the three sections of content_002.xhtml",
            judge: .program { context in
                let book = context.book()
                let sections = book.book?.document?.sections ?? []
                let duplicates = sections.filter { $0.name.hasSuffix("content_002.xhtml") }
                guard let link = Judges.links(in: book, section: "content_001.xhtml").first, let first = duplicates.first else {
                    return Verdict(false, "no link, or no duplicate sections")
                }
                return Verdict(link.target == first.offsets.lowerBound && duplicates.count == 3,
                               "link to offset \(link.target); duplicates start at \(duplicates.map(\.offsets.lowerBound))")
            }),
        W3CExpectation(
            "pkg-spine-duplicate-item-rendering",
            statement: "Test passes if the reading system displays three identical pages after this one.",
            expected: "the duplicated document is shown three times, each from a page of its own",
            judge: .program { context in
                let book = context.book()
                let sections = (book.book?.document?.sections ?? []).filter { $0.name.hasSuffix("content_002.xhtml") }
                let copies = book.pages.filter { TextMatch.shows($0.lines.joined(separator: " "), "This document occurs three times") }
                return Verdict(copies.count == 3 && sections.count == 3, "\(copies.count) pages show the duplicated document")
            }),
        W3CExpectation(
            "pkg-spine-duplicate-item-ui",
            statement: "Test passes if the reading system recognizes the following three identical documents independently in the UI",
            expected: "three sections at distinct offsets, so each has its own pages, positions and bookmarks",
            judge: .program { context in
                let sections = (context.book().book?.document?.sections ?? []).filter { $0.name.hasSuffix("content_002.xhtml") }
                let starts = Set(sections.map(\.offsets.lowerBound))
                return Verdict(sections.count == 3 && starts.count == 3, "sections start at \(sections.map(\.offsets.lowerBound))")
            }),
        W3CExpectation(
            "pkg-spine-nonlinear-activation",
            statement: "Test passes if clicking this link leads you to the next document.",
            expected: "the link leads to the start of the non-linear document, which the book keeps",
            judge: .program { context in
                let book = context.book()
                let sections = book.book?.document?.sections ?? []
                guard let target = sections.first(where: { !$0.isLinear }),
                      let link = Judges.links(in: book, section: "content_001.xhtml").first else {
                    return Verdict(false, "no non-linear section or no link: sections \(sections.map { ($0.name, $0.isLinear) })")
                }
                return Verdict(link.target == target.offsets.lowerBound && !target.offsets.isEmpty,
                               "link to \(link.target); non-linear \(target.name) at \(target.offsets)")
            }),
        W3CExpectation(
            "pkg-spine-order",
            statement: "Test passes if the four EPUB Content Documents are in the proper order.",
            expected: "the pages show the documents in spine order: first, second, third, last",
            judge: .showsInOrder(["This page must appear first", "This page must appear second",
                                  "This page must appear third", "This page must appear last"])),
        progression("pkg-spine-progression-default", .rightToLeft,
                    statement: "Test passes if the four EPUB Content Documents are in the proper order, and moving to the right presents them in the correct order.",
                    order: ["must appear first", "must appear second", "must appear third", "must appear last"]),
        progression("pkg-spine-progression-pre-paginated", .leftToRight,
                    statement: "Test passes if document paginates left-to-right",
                    order: ["(page 1)", "(page 2)", "(page 3)", "(page 4)"]),
        progression("pkg-spine-progression_ltr", .leftToRight,
                    statement: "Test passes if the four EPUB Content Documents are in the proper order, and moving to the right presents them in the correct order.",
                    order: ["must appear first", "must appear second", "must appear third", "must appear last"]),
        progression("pkg-spine-progression_rtl", .rightToLeft,
                    statement: "Test passes if the four EPUB Content Documents are in the proper order, and moving to the right presents them in the correct order.",
                    order: ["must appear first", "must appear second", "must appear third", "must appear last"]),
        W3CExpectation(
            "pkg-title-order",
            statement: "Test passes if the title \"First title in package\" appears before any other title in the reading system interface.",
            expected: "the book's title is the package's first dc:title, none of those after it",
            judge: .program { context in
                let book = context.book()
                let title = book.book?.metadata.title
                let titles = book.file?.publication.package.titles.map(\.text) ?? []
                return Verdict(title != nil && title == titles.first && !(title ?? "").contains("must not display first"),
                               "title: \(title ?? "none"); the package's titles: \(titles)")
            }),
        uniqueIdentifier("pkg-unique-id", other: "pkg-unique-id_duplicate",
                         statement: "Test passes if the reading system displays this book, Unique identifier not unique"),
        uniqueIdentifier("pkg-unique-id_duplicate", other: "pkg-unique-id",
                         statement: "Test passes if the reading system displays this book, Unique identifier reused"),
    ]

    /// Two books with one identifier are kept apart: the reader keys a
    /// book's place by its content, not its identifier.
    static func uniqueIdentifier(_ test: String, other: String, statement: String) -> W3CExpectation {
        W3CExpectation(test, statement: statement,
                       expected: "both books open, and the reader keeps their places under different keys",
                       judge: .program { context in
                           let one = context.book(), two = context.book(other)
                           guard let first = one.book, let second = two.book else { return Verdict(false, "a book is refused") }
                           let keys = (ReaderObservation.stateKey(of: first), ReaderObservation.stateKey(of: second))
                           let identifiers = (one.file?.publication.package.uniqueIdentifier, two.file?.publication.package.uniqueIdentifier)
                           return Verdict(keys.0 != keys.1, "identifiers \(identifiers.0 ?? "none") and \(identifiers.1 ?? "none"); "
                                          + "kept under \(keys.0) and \(keys.1)")
                       })
    }
}
