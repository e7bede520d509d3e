import BookModel

/// What `info` says of an EPUB after the book model's keys.
enum EPUBFacts {
    static func facts(of epub: EPUBPublication, book: Book) -> BookFacts {
        var object = BookFacts()
        let package = epub.package
        let document = book.document
        object.add("direction", (document?.pageProgression ?? .leftToRight).rawValue)
        if let title = package.titles.first { object.add("title_direction", orNull: title.direction) }
        object.add("authors_directions", strings: package.creators.map { $0.direction ?? "" })
        object.add("identifier", orNull: package.uniqueIdentifier)
        object.add("version", package.version)
        if Rendition.isPrePaginated(package) { object.add("layout", "pre-paginated") }
        object.add("cover", orNull: epub.cover)
        let sections = document?.sections ?? []
        object.add("sections", sections.count)
        object.add("contents_source", epub.contentsSource)
        object.add("chapters", objects: book.chapters.map { chapter in
            var entry = BookFacts.chapter(chapter)
            entry.add("section", section(containing: chapter.offset, in: sections))
            return entry
        })
        object.add("landmarks", objects: epub.navigation.landmarks.map { landmark in
            var entry = BookFacts()
            entry.add("title", landmark.title)
            entry.add("kind", orNull: landmark.kind)
            entry.add("target", landmark.target)
            return entry
        })
        object.add("page_list", epub.navigation.pageList.count)
        object.add("fonts", objects: (document?.fonts ?? []).map { font in
            var entry = BookFacts()
            entry.add("family", font.family)
            entry.add("style", font.slant == .italic ? "italic" : "normal")
            entry.add("weight", font.weight == .bold ? "bold" : "normal")
            entry.add("resource", font.resource)
            entry.add("obfuscation", orNull: font.obfuscation?.rawValue)
            entry.add("loaded", EmbeddedFontCheck.loads(font, from: epub.resources))
            return entry
        })
        object.add("notices", strings: document?.notices ?? [])
        return object
    }

    /// The index of the section holding `offset`.
    static func section(containing offset: Int, in sections: [BookSection]) -> Int {
        var low = 0, high = sections.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if sections[middle].offsets.lowerBound <= offset { low = middle } else { high = middle - 1 }
        }
        return max(0, low)
    }
}
