import FoundationEssentials

/// OPDS 2.0 feeds (JSON): navigation items and publications, in groups or
/// not, become entries as Atom's do.
enum JSONFeedReader {
    static func read(_ bytes: [UInt8], address: String) throws(CatalogError) -> CatalogFeed {
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
        } catch {
            throw CatalogError(place: address, problem: "not an OPDS feed: not valid JSON")
        }
        guard case let .object(root) = value, root["metadata"] != nil || root["publications"] != nil
                || root["navigation"] != nil || root["groups"] != nil else {
            throw CatalogError(place: address, problem: "not an OPDS feed: JSON without metadata, navigation or publications")
        }
        let metadata = root["metadata"]?.object ?? [:]
        var feed = CatalogFeed(id: metadata["identifier"]?.string, title: metadata["title"]?.string,
                               updated: metadata["modified"]?.string, links: links(root["links"], base: address))
        collectEntries(of: root, base: address, into: &feed.entries)
        for group in root["groups"]?.array ?? [] {
            if let group = group.object { collectEntries(of: group, base: address, into: &feed.entries) }
        }
        return feed
    }

    private static func collectEntries(of collection: [String: JSONValue], base: String, into entries: inout [CatalogEntry]) {
        for item in collection["navigation"]?.array ?? [] {
            guard let link = link(item, base: base, defaultRel: "subsection") else { continue }
            entries.append(CatalogEntry(id: link.href, title: link.title ?? link.href, links: [link]))
        }
        for publication in collection["publications"]?.array ?? [] {
            guard let object = publication.object else { continue }
            let metadata = object["metadata"]?.object ?? [:]
            let links = links(object["links"], base: base) + images(object["images"], base: base)
            guard let id = metadata["identifier"]?.string ?? links.first(where: { $0.rel == "self" })?.href
                    ?? links.first?.href else { continue }
            entries.append(CatalogEntry(id: id, title: metadata["title"]?.string ?? id, authors: names(metadata["author"]),
                                        updated: metadata["modified"]?.string ?? metadata["published"]?.string, links: links))
        }
    }

    private static func links(_ value: JSONValue?, base: String) -> [CatalogLink] {
        (value?.array ?? []).compactMap { link($0, base: base, defaultRel: nil) }
    }

    /// A publication's pictures: the smallest (by the height given) is its
    /// thumbnail when there are several, the others its cover images.
    private static func images(_ value: JSONValue?, base: String) -> [CatalogLink] {
        let pictures = (value?.array ?? []).compactMap { item -> (link: CatalogLink, height: Double)? in
            guard let link = link(item, base: base, defaultRel: CatalogLink.imageRel) else { return nil }
            return (link, item.object?["height"]?.number ?? .infinity)
        }
        let smallest = pictures.count > 1 ? pictures.indices.min { pictures[$0].height < pictures[$1].height } : nil
        return pictures.indices.map { index in
            var link = pictures[index].link
            link.rel = index == smallest ? CatalogLink.thumbnailRel : CatalogLink.imageRel
            return link
        }
    }

    /// A link object; its rel may be one string or several (the first kept).
    private static func link(_ value: JSONValue, base: String, defaultRel: String?) -> CatalogLink? {
        guard let object = value.object, let href = object["href"]?.string, !href.isEmpty else { return nil }
        let type = object["type"]?.string ?? ""
        let rel = object["rel"]?.string ?? object["rel"]?.array?.first?.string ?? defaultRel ?? CatalogLink.implicitRel(type: type)
        let length = object["properties"]?.object?["length"]?.number.map { Int($0) }
        return CatalogLink(rel: rel, type: type, href: LinkResolution.resolve(href, against: base),
                           title: object["title"]?.string, length: length)
    }

    /// Contributors are a name, an object with a name, or a list of either.
    private static func names(_ value: JSONValue?) -> [String] {
        switch value {
        case let .string(name)?: return [name]
        case let .object(object)?: return object["name"]?.string.map { [$0] } ?? []
        case let .array(list)?: return list.flatMap { names($0) }
        default: return []
        }
    }
}

/// Any JSON value, for documents whose fields change type (a string or a list).
enum JSONValue: Decodable, Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case object([String: JSONValue])
    case array([JSONValue])
    case null

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    var string: String? { if case let .string(value) = self { value } else { nil } }
    var number: Double? { if case let .number(value) = self { value } else { nil } }
    var object: [String: JSONValue]? { if case let .object(value) = self { value } else { nil } }
    var array: [JSONValue]? { if case let .array(value) = self { value } else { nil } }
}
