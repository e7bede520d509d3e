import Network

/// Catalog pages fetched and parsed, one or a whole list followed
/// through its `next` links.
public struct CatalogReader {
    private let client: HTTPClient
    private let limits: TransferLimits

    /// Feeds larger than this are refused.
    public static let largestFeed = 16 << 20
    /// Pages of one list followed at most.
    public static let mostPages = 100

    static let accept = "application/atom+xml;profile=opds-catalog, application/opds+json, application/atom+xml;q=0.9, "
        + "application/json;q=0.8, */*;q=0.5"

    public init(client: HTTPClient, totalSeconds: Int = 120) {
        self.client = client
        limits = TransferLimits(maximumBytes: Self.largestFeed, limitName: "the limit of \(Self.largestFeed >> 20) MB for a feed",
                                totalSeconds: totalSeconds)
    }

    /// One page.
    public func page(_ address: String) throws(CatalogError) -> CatalogFeed {
        let response: HTTPResponse
        do {
            response = try client.get(address, limits: limits, accept: Self.accept)
        } catch {
            throw CatalogError(error)
        }
        return try FeedReader.read(response.body, address: response.finalAddress)
    }

    /// The page at `address` and the pages its `next` links lead to, their
    /// entries in order (an entry listed twice kept once); a page seen
    /// before ends the list.
    public func allPages(_ address: String, mostPages: Int = CatalogReader.mostPages) throws(CatalogError) -> CatalogFeed {
        var feed = try page(address)
        var seen: Set<String> = [WebAddress.withoutUserinfo(address)]
        var ids = Set(feed.entries.map(\.id))
        var next = feed.next
        while let following = next, !seen.contains(following), seen.count < mostPages {
            seen.insert(following)
            let more = try page(following)
            for entry in more.entries where ids.insert(entry.id).inserted { feed.entries.append(entry) }
            next = more.next
        }
        return feed
    }
}
