/// Whether a media query list applies to the reader: a colour screen of
/// unknown size. Media types are honoured (`screen` and `all` apply,
/// `print`, `speech` and vendor types such as `amzn-kf8` do not); media
/// features in parentheses are taken to hold, as a reader cannot know
/// the size a page will have when a sheet is read.
enum MediaQuery {
    static func matches(_ prelude: [CSSComponent]) -> Bool {
        let queries = prelude.split(at: .comma).map { Array($0.trimmed()) }
        if queries.count == 1, queries[0].isEmpty { return true }
        return queries.contains { matchesOne($0) }
    }

    private static func matchesOne(_ query: [CSSComponent]) -> Bool {
        var words = query.compactMap(\.keyword)[...]
        var negated = false
        if words.first == "not" { negated = true; words.removeFirst() }
        if words.first == "only" { words.removeFirst() }
        let type = words.first.flatMap { $0 == "and" ? nil : $0 }
        let typeMatches = type == nil || type == "all" || type == "screen"
        return typeMatches != negated
    }
}
