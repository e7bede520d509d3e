import Foundation
import XCTest
@testable import Raster

final class ThemeTests: XCTestCase {
    func testNamedThemes() {
        XCTAssertEqual(Theme(named: "light"), .light)
        XCTAssertEqual(Theme(named: "dark"), .dark)
        XCTAssertEqual(Theme(named: "sepia"), .sepia)
        XCTAssertEqual(Theme(named: "high-contrast"), .highContrast)
        XCTAssertEqual(Theme.namesListed, "light, sepia, dark or high-contrast")
        XCTAssertNil(Theme(named: "blue"))
        XCTAssertNil(Theme(named: "Light"))
    }

    private func luminance(_ color: UInt32) -> Int {
        Int((color >> 16) & 0xFF) * 299 + Int((color >> 8) & 0xFF) * 587 + Int(color & 0xFF) * 114
    }

    func testLightThemeIsDarkInkOnWarmPaper() {
        let theme = Theme.light
        XCTAssertGreaterThan(luminance(theme.background), 230_000)
        XCTAssertLessThan(luminance(theme.ink), 40_000)
        // Warm: more red than blue in the paper.
        XCTAssertGreaterThan((theme.background >> 16) & 0xFF, theme.background & 0xFF)
        XCTAssertTrue((luminance(theme.ink)..<luminance(theme.background)).contains(luminance(theme.secondary)))
    }

    func testSepiaIsDarkBrownInkOnWarmerPaper() {
        let theme = Theme.sepia
        XCTAssertLessThan(luminance(theme.background), luminance(Theme.light.background))
        XCTAssertGreaterThan(luminance(theme.background), 190_000)
        XCTAssertLessThan(luminance(theme.ink), 50_000, "ink dark enough to read")
        XCTAssertGreaterThan((theme.background >> 16) & 0xFF, (theme.background & 0xFF) + 30, "warmer than light")
        XCTAssertTrue((luminance(theme.ink)..<luminance(theme.background)).contains(luminance(theme.secondary)))
    }

    func testDarkThemeIsLightInkOnNearBlack() {
        let theme = Theme.dark
        XCTAssertLessThan(luminance(theme.background), 30_000)
        XCTAssertGreaterThan(luminance(theme.ink), 150_000)
        XCTAssertTrue((luminance(theme.background)..<luminance(theme.ink)).contains(luminance(theme.secondary)))
    }

    func testColoursHaveNoTopByte() {
        for theme in Theme.all {
            for color in [theme.background, theme.ink, theme.secondary] {
                XCTAssertEqual(color & 0xFF00_0000, 0, theme.name)
            }
        }
    }

    /// High contrast is pure black on pure white, everything drawn in one or the other.
    func testHighContrastIsPureBlackOnWhite() {
        let theme = Theme.highContrast
        XCTAssertEqual(theme.background, 0xFF_FF_FF)
        XCTAssertEqual(theme.chrome, 0xFF_FF_FF)
        XCTAssertEqual(theme.ink, 0)
        XCTAssertEqual(theme.secondary, 0)
        XCTAssertFalse(theme.isDark)
    }

    /// Bars and panels stand apart from the page (a luma step of more than
    /// 40 of 255; in high contrast by their black rules alone) and ink on
    /// them keeps a contrast of at least 4.5:1.
    func testChromeStandsApartAndKeepsInkReadable() {
        func linear(_ channel: UInt32) -> Double {
            let value = Double(channel & 0xFF) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        func relative(_ color: UInt32) -> Double {
            0.2126 * linear(color >> 16) + 0.7152 * linear(color >> 8) + 0.0722 * linear(color)
        }
        for theme in Theme.all {
            if theme != .highContrast {
                XCTAssertGreaterThan(abs(luminance(theme.chrome) - luminance(theme.background)), 40_000, theme.name)
            }
            let (a, b) = (relative(theme.chrome), relative(theme.ink))
            XCTAssertGreaterThanOrEqual((max(a, b) + 0.05) / (min(a, b) + 0.05), 4.5, theme.name)
            XCTAssertEqual(theme.chrome & 0xFF00_0000, 0)
        }
    }
}
