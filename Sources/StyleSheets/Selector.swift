/// A complex selector: compound selectors joined by combinators.
public struct Selector: Sendable, Equatable {
    public enum Combinator: Sendable, Equatable {
        /// `a b`
        case descendant
        /// `a > b`
        case child
        /// `a + b`
        case nextSibling
        /// `a ~ b`
        case subsequentSibling
    }

    /// Left to right; `combinators[i]` joins `compounds[i]` and `compounds[i + 1]`.
    public var compounds: [CompoundSelector]
    public var combinators: [Combinator]

    public init(compounds: [CompoundSelector], combinators: [Combinator]) {
        self.compounds = compounds
        self.combinators = combinators
    }

    /// (ids, classes + attributes + pseudo-classes, types), packed so that
    /// a greater number is a more specific selector.
    public var specificity: Int {
        var ids = 0, classes = 0, types = 0
        for compound in compounds {
            let counts = compound.specificityCounts
            ids += counts.ids
            classes += counts.classes
            types += counts.types
        }
        return min(ids, 255) << 16 | min(classes, 255) << 8 | min(types, 255)
    }
}

/// Simple selectors that must all match one element.
public struct CompoundSelector: Sendable, Equatable {
    /// Lower-cased element name; nil for any (`*` or none written).
    public var type: String?
    public var ids: [String] = []
    public var classes: [String] = []
    public var attributes: [AttributeSelector] = []
    public var pseudoClasses: [PseudoClass] = []

    public init(type: String? = nil) { self.type = type }

    var specificityCounts: (ids: Int, classes: Int, types: Int) {
        var counts = (ids: ids.count, classes: classes.count + attributes.count, types: type == nil ? 0 : 1)
        for pseudo in pseudoClasses {
            if case let .not(inner) = pseudo {
                let innerCounts = inner.specificityCounts
                counts.ids += innerCounts.ids
                counts.classes += innerCounts.classes
                counts.types += innerCounts.types
            } else {
                counts.classes += 1
            }
        }
        return counts
    }
}

/// `[name]`, `[name=value]`, `[name~=value]`...
public struct AttributeSelector: Sendable, Equatable {
    public enum Match: Sendable, Equatable {
        case exists
        /// `=`
        case equals
        /// `~=`: one of the whitespace-separated words.
        case includesWord
        /// `|=`: equal, or followed by `-`.
        case dashPrefix
        /// `^=`, `$=`, `*=`
        case prefix, suffix, substring
    }

    /// The attribute's local name, lower-cased.
    public var name: String
    /// The namespace prefix written (`epub` in `epub|type`); nil for none,
    /// `*` for any.
    public var namespacePrefix: String?
    public var match: Match
    public var value: String
    public var caseInsensitive: Bool

    public init(name: String, namespacePrefix: String? = nil, match: Match = .exists, value: String = "",
                caseInsensitive: Bool = false) {
        self.name = name
        self.namespacePrefix = namespacePrefix
        self.match = match
        self.value = value
        self.caseInsensitive = caseInsensitive
    }

    func matches(_ actual: String) -> Bool {
        let actual = caseInsensitive ? actual.lowercased() : actual
        let value = caseInsensitive ? self.value.lowercased() : self.value
        switch match {
        case .exists: return true
        case .equals: return actual == value
        case .includesWord:
            return !value.isEmpty && actual.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
                .contains { $0 == value }
        case .dashPrefix: return actual == value || actual.hasPrefix(value + "-")
        case .prefix: return !value.isEmpty && actual.hasPrefix(value)
        case .suffix: return !value.isEmpty && actual.hasSuffix(value)
        case .substring: return !value.isEmpty && actual.contains(value)
        }
    }
}

/// The pseudo-classes a static page can answer.
public indirect enum PseudoClass: Sendable, Equatable {
    case firstChild, lastChild, onlyChild
    case firstOfType, lastOfType, onlyOfType
    case root, empty
    /// `:link` and `:any-link`: an `a` with an `href`.
    case link
    /// `:not(compound)`
    case not(CompoundSelector)
}
