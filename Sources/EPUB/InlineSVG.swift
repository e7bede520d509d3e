/// An `<svg>` element of an XHTML document written out as an SVG document
/// of its own, so that it is drawn as an image: the page's style sheets
/// given to it first (CSS of the page applies to SVG included in it), its
/// names in SVG's own case (the markup tree keeps them lower-cased).
enum InlineSVG {
    /// The element and its descendants as a standalone SVG document, with
    /// `styleSheets` (CSS text) in a `<style>` element before its content.
    static func document(_ element: MarkupElement, styleSheets: [String]) -> [UInt8] {
        var output = "<svg xmlns=\"\(Namespace.svg)\" xmlns:xlink=\"\(Namespace.xlink)\""
        writeAttributes(of: element, into: &output)
        output += ">"
        let css = styleSheets.joined(separator: "\n")
        if !css.isEmpty { output += "<style type=\"text/css\">\(escaped(css, quote: false))</style>" }
        for child in element.node.children { write(child, of: element.tree, into: &output) }
        output += "</svg>"
        return Array(output.utf8)
    }

    private static func write(_ index: Int, of tree: MarkupTree, into output: inout String) {
        let node = tree.nodes[index]
        if node.isText {
            output += escaped(node.text, quote: false)
            return
        }
        let element = MarkupElement(tree: tree, index: index)
        let name = svgCase(node.name)
        output += "<\(name)"
        writeAttributes(of: element, into: &output)
        if node.children.isEmpty {
            output += "/>"
            return
        }
        output += ">"
        for child in node.children { write(child, of: tree, into: &output) }
        output += "</\(name)>"
    }

    private static func writeAttributes(of element: MarkupElement, into output: inout String) {
        for attribute in element.node.attributes {
            let prefix: String
            switch attribute.namespace {
            case nil: prefix = ""
            case Namespace.xlink?: prefix = "xlink:"
            case Namespace.xml?: prefix = "xml:"
            default: continue
            }
            if attribute.namespace == nil, attribute.name == "xmlns" || attribute.name.hasPrefix("xmlns:") { continue }
            output += " \(prefix)\(svgCase(attribute.name))=\"\(escaped(attribute.value, quote: true))\""
        }
    }

    static func escaped(_ text: String, quote: Bool) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where quote: result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }

    /// SVG's mixed-case element and attribute names, by their lower-cased spelling.
    private static func svgCase(_ name: String) -> String { mixedCase[name] ?? name }

    private static let mixedCase: [String: String] = Dictionary([
        "altGlyph", "altGlyphDef", "altGlyphItem", "animateColor", "animateMotion", "animateTransform", "clipPath",
        "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite", "feConvolveMatrix", "feDiffuseLighting",
        "feDisplacementMap", "feDistantLight", "feDropShadow", "feFlood", "feFuncA", "feFuncB", "feFuncG", "feFuncR",
        "feGaussianBlur", "feImage", "feMerge", "feMergeNode", "feMorphology", "feOffset", "fePointLight",
        "feSpecularLighting", "feSpotLight", "feTile", "feTurbulence", "foreignObject", "glyphRef", "linearGradient",
        "radialGradient", "textPath",
        "attributeName", "attributeType", "baseFrequency", "baseProfile", "calcMode", "clipPathUnits", "diffuseConstant",
        "edgeMode", "filterUnits", "glyphRef", "gradientTransform", "gradientUnits", "kernelMatrix", "kernelUnitLength",
        "keyPoints", "keySplines", "keyTimes", "lengthAdjust", "limitingConeAngle", "markerHeight", "markerUnits",
        "markerWidth", "maskContentUnits", "maskUnits", "numOctaves", "pathLength", "patternContentUnits",
        "patternTransform", "patternUnits", "pointsAtX", "pointsAtY", "pointsAtZ", "preserveAlpha",
        "preserveAspectRatio", "primitiveUnits", "refX", "refY", "repeatCount", "repeatDur", "requiredExtensions",
        "requiredFeatures", "specularConstant", "specularExponent", "spreadMethod", "startOffset", "stdDeviation",
        "stitchTiles", "surfaceScale", "systemLanguage", "tableValues", "targetX", "targetY", "textLength", "viewBox",
        "viewTarget", "xChannelSelector", "yChannelSelector", "zoomAndPan",
    ].map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
}
