/// An EPUB's package document (the OPF), EPUB 2 or 3: metadata, manifest
/// and spine. Metadata text has its whitespace collapsed, as reading
/// systems must show it.
public struct PackageDocument: Sendable {
    /// A line of metadata with the language and direction it is set in.
    public struct MetadataText: Sendable, Equatable {
        public var text: String
        /// `dir` of the element, else of the package (`ltr`, `rtl` or `auto`).
        public var direction: String?
        public var language: String?
    }

    public struct Item: Sendable, Equatable {
        public var id: String
        /// Resolved against the package's location: a container path.
        public var path: String
        public var mediaType: String
        public var properties: [String]
        /// The id of the item to use when this one cannot be shown.
        public var fallback: String?
    }

    public struct SpineItem: Sendable, Equatable {
        public var idref: String
        public var isLinear: Bool
        /// The itemref's `properties` (`page-spread-left`, `rendition:layout-pre-paginated`...).
        public var properties: [String] = []
    }

    /// The package's own container path.
    public var path: String
    public var version = ""
    public var titles: [MetadataText] = []
    public var creators: [MetadataText] = []
    public var languages: [String] = []
    /// The identifier the package's `unique-identifier` names (else the first).
    public var uniqueIdentifier: String?
    /// `dir` of the package element.
    public var direction: String?
    public var manifest: [String: Item] = [:]
    public var manifestOrder: [String] = []
    public var spine: [SpineItem] = []
    /// `page-progression-direction`: `ltr`, `rtl` or nil (default).
    public var pageProgression: String?
    /// The NCX's manifest id (the spine's `toc`).
    public var ncxID: String?
    /// EPUB 2's `<meta name="cover" content="ID">`.
    public var coverID: String?
    /// The publication's `rendition:` properties (`layout`, `spread`,
    /// `orientation`, `flow`) by name without the prefix: the first
    /// declaration of each, as reading systems must keep it.
    public var renditionProperties: [String: String] = [:]
    /// Why the document is not well-formed XML, when it is not.
    public var problem: String?
    /// Entity references whose text the expansion budget left out.
    public var entityReferencesLeftOut = 0

    /// The item with `properties="nav"`.
    public var navigationItem: Item? { manifestOrder.lazy.compactMap { manifest[$0] }.first { $0.properties.contains("nav") } }

    /// The manifest item whose path is `path`.
    public func item(atPath path: String) -> Item? {
        manifestOrder.lazy.compactMap { manifest[$0] }.first { $0.path == path }
    }

    public init(path: String) { self.path = path }

    /// Reads the package at `path` from its bytes; nil when there is no
    /// `package` element to read.
    public init?(parsing bytes: [UInt8], path: String) {
        guard let parsed = MarkupParser.parseXML(bytes, name: path), let root = parsed.tree.root,
              root.localName == "package" else { return nil }
        self.path = path
        problem = parsed.problem
        entityReferencesLeftOut = parsed.entityReferencesLeftOut
        version = root.attribute("version") ?? ""
        direction = root.attribute("dir")?.lowercased()
        let packageLanguage = root.language
        let uniqueID = root.attribute("unique-identifier")
        var identifiers: [(id: String?, text: String)] = []
        for element in root.descendants() {
            switch (element.localName, element.namespace) {
            case ("title", Namespace.dublinCore?), ("creator", Namespace.dublinCore?):
                let text = Self.collapsed(element.textContent)
                guard !text.isEmpty else { continue }
                let line = MetadataText(text: text, direction: element.attribute("dir")?.lowercased() ?? direction,
                                        language: element.language ?? packageLanguage)
                if element.localName == "title" { titles.append(line) } else { creators.append(line) }
            case ("language", Namespace.dublinCore?):
                let text = Self.collapsed(element.textContent)
                if !text.isEmpty { languages.append(text) }
            case ("identifier", Namespace.dublinCore?):
                identifiers.append((element.identifier, element.textContent.trimmingWhitespace))
            case ("meta", _):
                if element.attribute("name") == "cover", let content = element.attribute("content") { coverID = content }
                if let property = element.attribute("property"), property.hasPrefix("rendition:"),
                   element.attribute("refines") == nil {
                    let name = String(property.dropFirst("rendition:".count))
                    let value = element.textContent.trimmingWhitespace
                    if renditionProperties[name] == nil, !value.isEmpty { renditionProperties[name] = value }
                }
            case ("item", _):
                guard let id = element.attribute("id"), let href = element.attribute("href"), manifest[id] == nil,
                      case let .inside(itemPath, _) = ContainerReference.resolve(href, from: path) else { continue }
                manifest[id] = Item(id: id, path: itemPath, mediaType: (element.attribute("media-type") ?? "").lowercased(),
                                    properties: Self.words(element.attribute("properties")),
                                    fallback: element.attribute("fallback"))
                manifestOrder.append(id)
            case ("spine", _):
                ncxID = element.attribute("toc")
                if let progression = element.attribute("page-progression-direction")?.lowercased(),
                   progression == "ltr" || progression == "rtl" {
                    pageProgression = progression
                }
            case ("itemref", _):
                guard let idref = element.attribute("idref") else { continue }
                spine.append(SpineItem(idref: idref, isLinear: element.attribute("linear")?.trimmingWhitespace != "no",
                                       properties: Self.words(element.attribute("properties"))))
            default:
                continue
            }
        }
        uniqueIdentifier = identifiers.first { $0.id != nil && $0.id == uniqueID }?.text ?? identifiers.first?.text
    }

    /// Whitespace runs as single spaces, none at either end.
    public static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).joined(separator: " ")
    }

    static func words(_ text: String?) -> [String] {
        (text ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map(String.init)
    }
}

/// `META-INF/container.xml`: where the package is.
enum ContainerDocument {
    static let path = "META-INF/container.xml"

    /// The container path of the first rootfile (the default rendition).
    static func packagePath(in bytes: [UInt8]) -> String? {
        guard let parsed = MarkupParser.parseXML(bytes, name: path), let root = parsed.tree.root else { return nil }
        for rootfile in root.descendants(named: "rootfile") {
            guard let fullPath = rootfile.attribute("full-path"),
                  case let .inside(packagePath, _) = ContainerReference.resolve(fullPath, from: ""),
                  !packagePath.isEmpty else { continue }
            return packagePath
        }
        return nil
    }
}
