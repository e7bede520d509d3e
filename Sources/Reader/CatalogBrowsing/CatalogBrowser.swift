import Catalogs

/// Where a visitor is among the catalogs, as plain state: the list of
/// catalogs, or a catalog's feeds one level inside another, each level's
/// pages in the order its next links reached them, the book chosen, and
/// the page on its way. Pure: each move says which address to fetch (the
/// screen fetches it off the loop's thread and hands back the feed or the
/// failure, with the number the move was given).
struct CatalogBrowser: Equatable {
    /// One list of a catalog: its title, its pages as far as they were
    /// followed, and the page shown.
    struct Level: Equatable {
        var title: String
        /// The words searched for, when the level holds a search's results.
        var query: String?
        var pages: [CatalogFeed]
        var addresses: [String]
        var shown: Int

        var feed: CatalogFeed { pages[shown] }
        /// Another page after this one: reached before, or linked.
        var hasNext: Bool { shown + 1 < pages.count || feed.next != nil }
        var hasPrevious: Bool { shown > 0 || feed.previous != nil }
    }

    /// What a page on its way will become.
    enum Move: Equatable {
        /// A level of its own (a catalog's root, a feed an entry leads to, search results).
        case enter(title: String)
        /// A search's results, a level of their own (the search link is
        /// an OpenSearch description or a template to fill in).
        case search(link: CatalogLink, query: String)
        case next
        case previous
    }

    /// A fetch asked for: the page's address, why, and its number (a
    /// result for any other number arrived after its move was abandoned).
    struct Fetch: Equatable {
        var address: String
        var move: Move
        var number: Int
    }

    let sources: [CatalogSource]
    /// The catalog open (an index into `sources`); nil: the list of catalogs shows.
    private(set) var source: Int?
    private(set) var levels: [Level] = []
    /// An entry with a book, shown alone with its Download control.
    private(set) var chosen: CatalogEntry?
    private(set) var pending: Fetch?
    /// Why the last page could not be had.
    private(set) var failure: Catalogs.CatalogError?
    private var fetches = 0

    init(sources: [CatalogSource]) { self.sources = sources }

    /// What the Back control does now.
    enum BackStep: Equatable {
        /// Out of the catalogs, back to the library.
        case leave
        case stay
    }

    var level: Level? { levels.last }
    /// The catalog's entries shown (none in the list of catalogs).
    var entries: [CatalogEntry] { level?.feed.entries ?? [] }
    var isLoading: Bool { pending != nil }
    /// The address of the catalog open, for its credentials.
    var sourceAddress: String? { source.map { sources[$0].address } }

    /// Opens catalog `index` at its root feed.
    mutating func open(source index: Int) -> Fetch? {
        guard sources.indices.contains(index), pending == nil else { return nil }
        source = index
        levels = []
        chosen = nil
        return fetch(sources[index].address, .enter(title: sources[index].name))
    }

    /// Entry `index` of the page shown: a feed is fetched, a book chosen.
    mutating func open(entry index: Int) -> Fetch? {
        guard entries.indices.contains(index), pending == nil else { return nil }
        let entry = entries[index]
        if entry.bestAcquisition != nil || entry.isAcquisition {
            chosen = entry
            failure = nil
            return nil
        }
        guard let link = entry.links.first(where: \.isCatalog) else { return nil }
        return fetch(link.href, .enter(title: entry.title))
    }

    /// The results of searching the page shown's catalog for `query`, as a level of their own.
    mutating func search(link: CatalogLink, query: String) -> Fetch? {
        guard pending == nil, level != nil else { return nil }
        chosen = nil
        return fetch(link.href, .search(link: link, query: query))
    }

    /// The next page: shown at once when reached before, else fetched.
    mutating func next() -> Fetch? {
        guard pending == nil, chosen == nil, var level = levels.last, level.hasNext else { return nil }
        if level.shown + 1 < level.pages.count {
            level.shown += 1
            levels[levels.count - 1] = level
            failure = nil
            return nil
        }
        return level.feed.next.flatMap { fetch($0, .next) }
    }

    /// The page before: shown at once when reached before, else fetched by the feed's previous link.
    mutating func previous() -> Fetch? {
        guard pending == nil, chosen == nil, var level = levels.last, level.hasPrevious else { return nil }
        if level.shown > 0 {
            level.shown -= 1
            levels[levels.count - 1] = level
            failure = nil
            return nil
        }
        return level.feed.previous.flatMap { fetch($0, .previous) }
    }

    /// Back one step: a page on its way is abandoned, a chosen book put
    /// back, a level left; from the list of catalogs, out.
    mutating func back() -> BackStep {
        failure = nil
        if pending != nil {
            pending = nil
        } else if chosen != nil {
            chosen = nil
        } else if !levels.isEmpty {
            levels.removeLast()
            if levels.isEmpty { source = nil }
        } else {
            return .leave
        }
        return .stay
    }

    /// The page fetched for `number` arrived.
    mutating func received(_ feed: CatalogFeed, for number: Int) {
        guard let fetch = pending, fetch.number == number else { return }
        pending = nil
        failure = nil
        switch fetch.move {
        case let .enter(title):
            levels.append(Level(title: feed.title.nonEmpty ?? title, pages: [feed], addresses: [fetch.address], shown: 0))
        case let .search(_, query):
            levels.append(Level(title: query, query: query, pages: [feed], addresses: [fetch.address], shown: 0))
        case .next:
            guard var level = levels.last else { return }
            level.pages.append(feed)
            level.addresses.append(fetch.address)
            level.shown = level.pages.count - 1
            levels[levels.count - 1] = level
        case .previous:
            guard var level = levels.last else { return }
            level.pages.insert(feed, at: 0)
            level.addresses.insert(fetch.address, at: 0)
            level.shown = 0
            levels[levels.count - 1] = level
        }
    }

    /// The page fetched for `number` could not be had.
    mutating func failed(_ error: Catalogs.CatalogError, for number: Int) {
        guard pending?.number == number else { return }
        pending = nil
        failure = error
        // A catalog whose root cannot be read is not open.
        if levels.isEmpty { source = nil }
    }

    private mutating func fetch(_ address: String, _ move: Move) -> Fetch {
        fetches += 1
        let asked = Fetch(address: address, move: move, number: fetches)
        pending = asked
        failure = nil
        return asked
    }
}

extension CatalogFeed {
    /// The page before this one, when the catalog links it.
    var previous: String? { links.first { $0.rel == "previous" || $0.rel == "prev" }?.href }
}

extension Optional where Wrapped == String {
    /// The text, unless it is missing or empty.
    var nonEmpty: String? {
        guard let self, !self.isEmpty else { return nil }
        return self
    }
}
