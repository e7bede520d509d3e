/// A component value (CSS Syntax §5.4.7): a token, or a block or function
/// holding the components between its brackets.
public indirect enum CSSComponent: Equatable, Sendable {
    case token(CSSToken)
    /// A `{}`, `[]` or `()` block, named by its opening token.
    case block(CSSToken, [CSSComponent])
    case function(String, [CSSComponent])

    public var isWhitespace: Bool { self == .token(.whitespace) }

    /// An identifier, lower-cased (CSS keywords are case-insensitive).
    public var keyword: String? {
        if case let .token(.ident(name)) = self { return name.lowercased() }
        return nil
    }

    /// Groups tokens into component values. Blocks nested deeper than
    /// `maximumDepth` are dropped whole, so hostile input cannot recurse
    /// without bound.
    public static func parse(_ tokens: [CSSToken], maximumDepth: Int = 32) -> [CSSComponent] {
        var iterator = tokens.makeIterator()
        return parseList(&iterator, until: nil, depth: 0, maximumDepth: maximumDepth)
    }

    /// The next component value read from `tokens`, nil at their end: a
    /// sheet is read a rule at a time, never held whole as components.
    static func next(from tokens: inout some IteratorProtocol<CSSToken>, maximumDepth: Int = 32) -> CSSComponent? {
        guard let token = tokens.next() else { return nil }
        guard let inner = token.closing else { return .token(token) }
        return grouped(token, parseList(&tokens, until: inner, depth: 1, maximumDepth: maximumDepth))
    }

    private static func grouped(_ opening: CSSToken, _ contents: [CSSComponent]) -> CSSComponent {
        if case let .function(name) = opening { return .function(name.lowercased(), contents) }
        return .block(opening, contents)
    }

    private static func parseList(_ tokens: inout some IteratorProtocol<CSSToken>, until closing: CSSToken?, depth: Int,
                                  maximumDepth: Int) -> [CSSComponent] {
        var components: [CSSComponent] = []
        while let token = tokens.next() {
            if let closing, token == closing { return components }
            guard let inner = token.closing else {
                components.append(.token(token))
                continue
            }
            if depth >= maximumDepth {
                skipBlock(&tokens, closing: inner)
                continue
            }
            components.append(grouped(token, parseList(&tokens, until: inner, depth: depth + 1, maximumDepth: maximumDepth)))
        }
        return components
    }

    /// Skips to the end of a block without building it.
    private static func skipBlock(_ tokens: inout some IteratorProtocol<CSSToken>, closing: CSSToken) {
        var expected = [closing]
        while let last = expected.last, let token = tokens.next() {
            if token == last {
                expected.removeLast()
            } else if let inner = token.closing {
                expected.append(inner)
            }
        }
    }
}

extension Collection where Element == CSSComponent {
    /// Without leading and trailing whitespace.
    func trimmed() -> [CSSComponent] {
        var slice = Array(self)[...]
        while slice.first?.isWhitespace == true { slice.removeFirst() }
        while slice.last?.isWhitespace == true { slice.removeLast() }
        return Array(slice)
    }
}

extension Array where Element == CSSComponent {
    /// Split at top-level commas.
    func split(at separator: CSSToken) -> [[CSSComponent]] {
        var parts: [[CSSComponent]] = [[]]
        for component in self {
            if component == .token(separator) { parts.append([]) } else { parts[parts.count - 1].append(component) }
        }
        return parts
    }
}
