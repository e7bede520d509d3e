/// The cascade (CSS Cascade §6): the declarations of every rule whose
/// selector matches an element, ordered by origin and importance, then
/// specificity, then order of appearance, applied over the style the
/// element inherits.
public struct StyleCascade: Sendable {
    private struct Entry: Sendable {
        var selector: Selector
        var rule: Int
        var specificity: Int
        var order: Int
        var isUserAgent: Bool
    }

    private var declarations: [[Declaration]] = []
    /// Rules indexed by what their rightmost compound needs: an id, a
    /// class, an element name, or nothing of those.
    private var byIdentifier: [String: [Entry]] = [:]
    private var byClass: [String: [Entry]] = [:]
    private var byType: [String: [Entry]] = [:]
    private var universal: [Entry] = []
    private var count = 0

    /// `userAgent` is the reader's own sheet; `author` the book's, in order.
    public init(userAgent: StyleSheet, author: [StyleSheet]) {
        add(userAgent, isUserAgent: true)
        for sheet in author { add(sheet, isUserAgent: false) }
    }

    private mutating func add(_ sheet: StyleSheet, isUserAgent: Bool) {
        for rule in sheet.rules {
            let ruleIndex = declarations.count
            declarations.append(rule.declarations)
            for selector in rule.selectors {
                let entry = Entry(selector: selector, rule: ruleIndex, specificity: selector.specificity, order: count,
                                  isUserAgent: isUserAgent)
                count += 1
                guard let last = selector.compounds.last else { continue }
                if let identifier = last.ids.first {
                    byIdentifier[identifier, default: []].append(entry)
                } else if let name = last.classes.first {
                    byClass[name, default: []].append(entry)
                } else if let type = last.type {
                    byType[type, default: []].append(entry)
                } else {
                    universal.append(entry)
                }
            }
        }
    }

    /// The computed style of `element`, whose parent's style is `parent`
    /// (a fresh `ComputedStyle` for the root); `inline` is its `style`
    /// attribute's declarations.
    public func style<Element: StyledElement>(for element: Element, parent: ComputedStyle,
                                              inline: [Declaration] = []) -> ComputedStyle {
        var candidates: [Entry] = universal
        if let identifier = element.identifier, let entries = byIdentifier[identifier] { candidates += entries }
        for name in element.classNames { if let entries = byClass[name] { candidates += entries } }
        if let entries = byType[element.localName] { candidates += entries }

        // (precedence, specificity, order, declaration)
        var matched: [(Int, Int, Int, Declaration)] = []
        var seen = Set<Int>()
        for entry in candidates where !seen.contains(entry.order) {
            seen.insert(entry.order)
            guard entry.selector.matches(element) else { continue }
            for declaration in declarations[entry.rule] {
                let precedence = declaration.important ? (entry.isUserAgent ? 5 : 3) : (entry.isUserAgent ? 0 : 1)
                matched.append((precedence, entry.specificity, entry.order, declaration))
            }
        }
        for (position, declaration) in inline.enumerated() {
            matched.append((declaration.important ? 4 : 2, 0, position, declaration))
        }
        matched.sort { ($0.0, $0.1, $0.2) < ($1.0, $1.1, $1.2) }

        var style = parent.inherited()
        for entry in matched where ComputedStyle.fontSizeProperties.contains(entry.3.name) {
            style.apply(entry.3, parent: parent)
        }
        for entry in matched where !ComputedStyle.fontSizeProperties.contains(entry.3.name) {
            style.apply(entry.3, parent: parent)
        }
        return style
    }
}
