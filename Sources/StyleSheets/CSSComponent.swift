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
        var index = 0
        return parseList(tokens, &index, until: nil, depth: 0, maximumDepth: maximumDepth)
    }

    private static func parseList(_ tokens: [CSSToken], _ index: inout Int, until closing: CSSToken?, depth: Int,
                                  maximumDepth: Int) -> [CSSComponent] {
        var components: [CSSComponent] = []
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            if let closing, token == closing { return components }
            guard let inner = token.closing else {
                components.append(.token(token))
                continue
            }
            if depth >= maximumDepth {
                skipBlock(tokens, &index, closing: inner)
                continue
            }
            let contents = parseList(tokens, &index, until: inner, depth: depth + 1, maximumDepth: maximumDepth)
            if case let .function(name) = token {
                components.append(.function(name.lowercased(), contents))
            } else {
                components.append(.block(token, contents))
            }
        }
        return components
    }

    /// Skips to the end of a block without building it.
    private static func skipBlock(_ tokens: [CSSToken], _ index: inout Int, closing: CSSToken) {
        var expected = [closing]
        while index < tokens.count, let last = expected.last {
            let token = tokens[index]
            index += 1
            if token == last {
                expected.removeLast()
                if expected.isEmpty { return }
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
