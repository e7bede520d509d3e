/// What selector matching needs to know of an element of a document.
public protocol StyledElement {
    /// The element's local name, lower-cased.
    var localName: String { get }
    var identifier: String? { get }
    /// The words of the `class` attribute.
    var classNames: [String] { get }
    /// The attribute's value, or nil when it is absent. `namespacePrefix`
    /// nil asks for the attribute without a namespace, `*` for any.
    func attribute(_ name: String, namespacePrefix: String?) -> String?
    var parentElement: Self? { get }
    var previousElementSibling: Self? { get }
    var nextElementSibling: Self? { get }
    /// Whether the element has element children or text.
    var hasContent: Bool { get }
}

extension Selector {
    /// Whether the selector matches `element`, read right to left.
    /// Selectors that would need more compound tests than this for one
    /// element (a long chain of descendant combinators over a deep
    /// document) are taken not to match, so matching stays bounded.
    static let matchingBudget = 20_000

    public func matches<Element: StyledElement>(_ element: Element) -> Bool {
        guard let last = compounds.indices.last else { return false }
        var budget = Self.matchingBudget
        return matches(element, compoundAt: last, budget: &budget)
    }

    private func matches<Element: StyledElement>(_ element: Element, compoundAt index: Int, budget: inout Int) -> Bool {
        budget -= 1
        guard budget > 0, compounds[index].matches(element) else { return false }
        guard index > 0 else { return true }
        switch combinators[index - 1] {
        case .child:
            guard let parent = element.parentElement else { return false }
            return matches(parent, compoundAt: index - 1, budget: &budget)
        case .descendant:
            var ancestor = element.parentElement
            while let candidate = ancestor {
                if matches(candidate, compoundAt: index - 1, budget: &budget) { return true }
                ancestor = candidate.parentElement
            }
            return false
        case .nextSibling:
            guard let sibling = element.previousElementSibling else { return false }
            return matches(sibling, compoundAt: index - 1, budget: &budget)
        case .subsequentSibling:
            var sibling = element.previousElementSibling
            while let candidate = sibling {
                if matches(candidate, compoundAt: index - 1, budget: &budget) { return true }
                sibling = candidate.previousElementSibling
            }
            return false
        }
    }
}

extension CompoundSelector {
    public func matches<Element: StyledElement>(_ element: Element) -> Bool {
        if let type, type != element.localName { return false }
        if !ids.isEmpty {
            guard let identifier = element.identifier, ids.allSatisfy({ $0 == identifier }) else { return false }
        }
        if !classes.isEmpty {
            let names = element.classNames
            for name in classes where !names.contains(name) { return false }
        }
        for attribute in attributes {
            guard let value = element.attribute(attribute.name, namespacePrefix: attribute.namespacePrefix),
                  attribute.matches(value) else { return false }
        }
        for pseudo in pseudoClasses where !pseudo.matches(element) { return false }
        return true
    }
}

extension PseudoClass {
    func matches<Element: StyledElement>(_ element: Element) -> Bool {
        switch self {
        case .firstChild: return element.previousElementSibling == nil && element.parentElement != nil
        case .lastChild: return element.nextElementSibling == nil && element.parentElement != nil
        case .onlyChild:
            return element.previousElementSibling == nil && element.nextElementSibling == nil && element.parentElement != nil
        case .firstOfType: return !Self.sameType(of: element, along: \.previousElementSibling)
        case .lastOfType: return !Self.sameType(of: element, along: \.nextElementSibling)
        case .onlyOfType:
            return !Self.sameType(of: element, along: \.previousElementSibling)
                && !Self.sameType(of: element, along: \.nextElementSibling)
        case .root: return element.parentElement == nil
        case .empty: return !element.hasContent
        case .link: return element.localName == "a" && element.attribute("href", namespacePrefix: nil) != nil
        case let .not(inner): return !inner.matches(element)
        }
    }

    /// Whether a sibling in one direction has the element's name.
    private static func sameType<Element: StyledElement>(of element: Element, along step: KeyPath<Element, Element?>) -> Bool {
        var sibling = element[keyPath: step]
        while let candidate = sibling {
            if candidate.localName == element.localName { return true }
            sibling = candidate[keyPath: step]
        }
        return false
    }
}
