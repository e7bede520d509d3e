/// Reads one complex selector from a rule's prelude. A selector using
/// something a static page cannot match (pseudo-elements such as
/// `::first-line`, `:hover`, `:nth-child()`) gives nil: that selector is
/// skipped, the others of its rule still apply.
enum SelectorParser {
    static func parse(_ components: [CSSComponent]) -> Selector? {
        var compounds: [CompoundSelector] = []
        var combinators: [Selector.Combinator] = []
        var current: CompoundSelector?
        var pendingCombinator: Selector.Combinator?
        var sawWhitespace = false
        var index = 0

        func startCompound() -> Bool {
            guard current == nil else { return true }
            if !compounds.isEmpty {
                combinators.append(pendingCombinator ?? .descendant)
            } else if pendingCombinator != nil {
                return false
            }
            pendingCombinator = nil
            current = CompoundSelector()
            return true
        }

        func finishCompound() {
            if let compound = current { compounds.append(compound) }
            current = nil
        }

        while index < components.count {
            let component = components[index]
            index += 1
            if component.isWhitespace {
                sawWhitespace = true
                finishCompound()
                continue
            }
            let combinator: Selector.Combinator?
            switch component {
            case .token(.delim(">")): combinator = .child
            case .token(.delim("+")): combinator = .nextSibling
            case .token(.delim("~")): combinator = .subsequentSibling
            default: combinator = nil
            }
            if let combinator {
                finishCompound()
                guard !compounds.isEmpty, pendingCombinator == nil else { return nil }
                pendingCombinator = combinator
                sawWhitespace = false
                continue
            }
            if sawWhitespace, current == nil, pendingCombinator == nil, !compounds.isEmpty {
                pendingCombinator = .descendant
            }
            sawWhitespace = false
            switch component {
            case let .token(.ident(name)):
                guard current == nil, startCompound() else { return nil }
                var type = name.lowercased()
                // `prefix|name`: the reader matches local names in any namespace.
                if index + 1 < components.count, components[index] == .token(.delim("|")) {
                    guard case let .token(.ident(local)) = components[index + 1] else { return nil }
                    type = local.lowercased()
                    index += 2
                }
                current?.type = type
            case .token(.delim("*")):
                guard current == nil, startCompound() else { return nil }
                if index + 1 < components.count, components[index] == .token(.delim("|")) {
                    if case let .token(.ident(local)) = components[index + 1] { current?.type = local.lowercased() }
                    index += 2
                }
            case let .token(.hash(name, isIdentifier)):
                guard isIdentifier, startCompound() else { return nil }
                current?.ids.append(name)
            case .token(.delim(".")):
                guard index < components.count, case let .token(.ident(name)) = components[index], startCompound() else {
                    return nil
                }
                index += 1
                current?.classes.append(name)
            case let .block(.openSquare, contents):
                guard let attribute = parseAttribute(contents), startCompound() else { return nil }
                current?.attributes.append(attribute)
            case .token(.colon):
                guard index < components.count, startCompound() else { return nil }
                let next = components[index]
                index += 1
                switch next {
                case let .token(.ident(name)):
                    guard let pseudo = pseudoClass(named: name.lowercased()) else { return nil }
                    current?.pseudoClasses.append(pseudo)
                case let .function("not", arguments):
                    guard let inner = parse(Array(arguments.trimmed())), inner.compounds.count == 1,
                          inner.compounds[0].pseudoClasses.allSatisfy({ if case .not = $0 { false } else { true } })
                    else { return nil }
                    current?.pseudoClasses.append(.not(inner.compounds[0]))
                default:
                    // `::pseudo-element` and functional pseudo-classes the reader does not match.
                    return nil
                }
            default:
                return nil
            }
        }
        finishCompound()
        guard !compounds.isEmpty, pendingCombinator == nil, combinators.count == compounds.count - 1 else { return nil }
        return Selector(compounds: compounds, combinators: combinators)
    }

    private static func pseudoClass(named name: String) -> PseudoClass? {
        switch name {
        case "first-child": return .firstChild
        case "last-child": return .lastChild
        case "only-child": return .onlyChild
        case "first-of-type": return .firstOfType
        case "last-of-type": return .lastOfType
        case "only-of-type": return .onlyOfType
        case "root": return .root
        case "empty": return .empty
        case "link", "any-link": return .link
        default: return nil
        }
    }

    /// `[name]`, `[ns|name op "value" i]`.
    private static func parseAttribute(_ contents: [CSSComponent]) -> AttributeSelector? {
        var parts = Array(contents.trimmed().filter { !$0.isWhitespace })[...]
        var prefix: String?
        var name: String?
        // [prefix|name], [*|name], [|name] or [name]
        if parts.count >= 3, parts[parts.startIndex + 1] == .token(.delim("|")),
           case .token(.ident) = parts[parts.startIndex + 2] {
            switch parts.first {
            case let .token(.ident(written))?: prefix = written.lowercased()
            case .token(.delim("*"))?: prefix = "*"
            default: return nil
            }
            parts.removeFirst(2)
        } else if parts.first == .token(.delim("|")) {
            parts.removeFirst()
        }
        guard case let .token(.ident(written))? = parts.first else { return nil }
        parts.removeFirst()
        name = written.lowercased()
        guard let name else { return nil }
        if parts.isEmpty { return AttributeSelector(name: name, namespacePrefix: prefix) }
        let match: AttributeSelector.Match
        switch parts.first {
        case .token(.delim("="))?: match = .equals
        case .token(.delim("~"))?: match = .includesWord
        case .token(.delim("|"))?: match = .dashPrefix
        case .token(.delim("^"))?: match = .prefix
        case .token(.delim("$"))?: match = .suffix
        case .token(.delim("*"))?: match = .substring
        default: return nil
        }
        parts.removeFirst()
        if match != .equals {
            guard parts.first == .token(.delim("=")) else { return nil }
            parts.removeFirst()
        }
        let value: String
        switch parts.first {
        case let .token(.string(text))?: value = text
        case let .token(.ident(text))?: value = text
        default: return nil
        }
        parts.removeFirst()
        var caseInsensitive = false
        if let flag = parts.first?.keyword {
            guard flag == "i" || flag == "s" else { return nil }
            caseInsensitive = flag == "i"
            parts.removeFirst()
        }
        guard parts.isEmpty else { return nil }
        return AttributeSelector(name: name, namespacePrefix: prefix, match: match, value: value,
                                 caseInsensitive: caseInsensitive)
    }
}
