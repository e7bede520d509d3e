import Foundation
import Geometry
import Raster
import XCTest
@testable import Reader

/// The WCAG contrast of every pair of colours the interface draws one on
/// the other, in every theme: high contrast holds 7:1 (AAA) everywhere,
/// the others are reported. And highlights keep colours told apart.
final class InterfaceContrastTests: XCTestCase {
    /// WCAG 2's relative luminance of an XRGB colour.
    private static func luminance(_ color: UInt32) -> Double {
        func linear(_ channel: UInt32) -> Double {
            let value = Double(channel & 0xFF) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(color >> 16) + 0.7152 * linear(color >> 8) + 0.0722 * linear(color)
    }

    private static func contrast(_ a: UInt32, _ b: UInt32) -> Double {
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    /// The paper under a mark as the page shows it (multiplied in, or mixed into a dark page).
    private static func marked(_ theme: Theme, _ color: UInt32) -> UInt32 {
        var pixel = PixelBuffer(width: 1, height: 1, fill: theme.background)
        pixel.tint(pixel.bounds, with: color, multiply: !theme.isDark, share: PagePainter.darkMarkShare)
        return pixel.pixel(x: 0, y: 0) ?? 0
    }

    private static let marks: [(name: String, color: UInt32)] =
        HighlightColor.allCases.map { ("\($0.rawValue) highlight", SelectionPainter.color($0)) }
        + [("selection", Annotations.selectionColor), ("search hit", Annotations.searchHitColor)]

    /// Every pair: what is drawn, on what.
    private static func pairs(_ theme: Theme) -> [(name: String, front: UInt32, back: UInt32)] {
        [("text on the page", theme.ink, theme.background),
         ("quiet text and rules on the page", theme.secondary, theme.background),
         ("text, slider, ribbon and handles on a bar", theme.ink, theme.chrome),
         ("outlines and quiet text on a bar", theme.secondary, theme.chrome)]
            + marks.map { ("text under a \($0.name)", theme.ink, marked(theme, $0.color)) }
    }

    func testHighContrastHoldsSevenToOneEverywhereAndTheOthersAreReported() {
        var report = ["pair | " + Theme.all.map(\.name).joined(separator: " | ")]
        for (index, pair) in Self.pairs(.light).enumerated() {
            let ratios = Theme.all.map { theme in
                let drawn = Self.pairs(theme)[index]
                return Self.contrast(drawn.front, drawn.back)
            }
            report.append(pair.name + " | " + ratios.map { String(format: "%.1f", $0) }.joined(separator: " | "))
        }
        print(report.joined(separator: "\n"))
        for pair in Self.pairs(.highContrast) {
            XCTAssertGreaterThanOrEqual(Self.contrast(pair.front, pair.back), 7, pair.name)
        }
        for theme in Theme.all {
            XCTAssertGreaterThanOrEqual(Self.contrast(theme.ink, theme.background), 4.5, "\(theme.name): body text")
            XCTAssertGreaterThanOrEqual(Self.contrast(theme.ink, theme.chrome), 4.5, "\(theme.name): interface text")
        }
    }

    /// CIE76 colour difference of two sRGB colours.
    private static func difference(_ a: UInt32, _ b: UInt32) -> Double {
        func lab(_ color: UInt32) -> (Double, Double, Double) {
            func linear(_ channel: UInt32) -> Double {
                let value = Double(channel & 0xFF) / 255
                return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
            }
            let (r, g, b) = (linear(color >> 16), linear(color >> 8), linear(color))
            let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
            let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
            let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
            func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
            return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
        }
        let (p, q) = (lab(a), lab(b))
        return ((p.0 - q.0) * (p.0 - q.0) + (p.1 - q.1) * (p.1 - q.1) + (p.2 - q.2) * (p.2 - q.2)).squareRoot()
    }

    /// The four highlight colours on the page differ clearly from each other and from the bare paper in every theme.
    func testHighlightColoursStayApart() {
        for theme in Theme.all {
            let shown = HighlightColor.allCases.map { ($0.rawValue, Self.marked(theme, SelectionPainter.color($0))) }
            for (index, one) in shown.enumerated() {
                XCTAssertGreaterThan(Self.difference(one.1, theme.background), 10, "\(theme.name): \(one.0) on the paper")
                for other in shown.dropFirst(index + 1) {
                    XCTAssertGreaterThan(Self.difference(one.1, other.1), 10, "\(theme.name): \(one.0) and \(other.0)")
                }
            }
        }
    }
}
