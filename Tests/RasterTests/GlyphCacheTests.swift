import CFreeType
import XCTest
@testable import Raster

final class GlyphCacheTests: XCTestCase {
    func testSerifGAt20PixelsHasSaneBounds() throws {
        let font = try TestFace(pixelSize: 20)
        let glyph = font.glyph(for: "g")
        XCTAssertNotEqual(glyph, 0, "DejaVu Serif maps 'g'")
        let bitmap = try GlyphRasterizer.render(face: font.face, glyph: glyph, phase: 0)
        // A 20 px 'g': about an x-height tall above the baseline, with a descender.
        XCTAssertTrue((7...14).contains(bitmap.width), "width \(bitmap.width)")
        XCTAssertTrue((13...18).contains(bitmap.height), "height \(bitmap.height)")
        XCTAssertTrue((9...12).contains(bitmap.top), "top \(bitmap.top)")
        XCTAssertTrue((3...6).contains(bitmap.height - bitmap.top), "descender \(bitmap.height - bitmap.top)")
        XCTAssertTrue((0...2).contains(bitmap.left), "left \(bitmap.left)")
        XCTAssertEqual(bitmap.coverage.count, bitmap.width * bitmap.height)
        XCTAssertTrue(bitmap.coverage.contains(255), "stems are fully covered")
        XCTAssertTrue(bitmap.coverage.contains { $0 > 0 && $0 < 255 }, "edges are anti-aliased")
        // Every edge row and column of the box carries some ink.
        let rows = (0..<bitmap.height).map { y in bitmap.coverage[y * bitmap.width..<(y + 1) * bitmap.width] }
        XCTAssertTrue(rows.first?.contains { $0 > 0 } ?? false)
        XCTAssertTrue(rows.last?.contains { $0 > 0 } ?? false)
        XCTAssertTrue(rows.contains { $0.first.map { $0 > 0 } ?? false })
        XCTAssertTrue(rows.contains { $0.last.map { $0 > 0 } ?? false })
    }

    func testSpaceRendersEmpty() throws {
        let font = try TestFace(pixelSize: 20)
        let bitmap = try GlyphRasterizer.render(face: font.face, glyph: font.glyph(for: " "), phase: 0)
        XCTAssertTrue(bitmap.isEmpty)
    }

    func testSubpixelPhasesGiveDifferentBitmaps() throws {
        let font = try TestFace(pixelSize: 20)
        let glyph = font.glyph(for: "l")
        let bitmaps = try (0..<GlyphRasterizer.subpixelPhases).map {
            try GlyphRasterizer.render(face: font.face, glyph: glyph, phase: $0)
        }
        for first in 0..<bitmaps.count {
            for second in first + 1..<bitmaps.count {
                XCTAssertNotEqual(bitmaps[first], bitmaps[second], "phases \(first) and \(second)")
            }
        }
        // Moving right shifts ink right: the ink's centre of mass grows with the phase.
        let centres = bitmaps.map { bitmap -> Double in
            var weighted = 0.0, total = 0.0
            for (index, value) in bitmap.coverage.enumerated() {
                weighted += Double((index % bitmap.width) + bitmap.left) * Double(value)
                total += Double(value)
            }
            return weighted / total
        }
        XCTAssertEqual(centres, centres.sorted())
        XCTAssertEqual(centres[2] - centres[0], 0.5, accuracy: 0.1)
    }

    func testQuantisePenPosition() {
        // Pen positions in 1/64 pixel.
        XCTAssertTrue(GlyphRasterizer.quantise(penX: 640) == (10, 0))
        XCTAssertTrue(GlyphRasterizer.quantise(penX: 657) == (10, 1), "10.26 px")
        XCTAssertTrue(GlyphRasterizer.quantise(penX: 678) == (10, 2), "10.6 px")
        XCTAssertTrue(GlyphRasterizer.quantise(penX: 698) == (11, 0), "10.9 px")
        XCTAssertTrue(GlyphRasterizer.quantise(penX: -16) == (-1, 3), "-0.25 px")
        XCTAssertTrue(GlyphRasterizer.quantise(penX: -96) == (-2, 2), "-1.5 px")
    }

    func testHitsAndMisses() throws {
        let font = try TestFace(pixelSize: 20)
        let cache = GlyphCache()
        let g = font.glyph(for: "g"), h = font.glyph(for: "h")
        let first = try cache.bitmap(face: font.face, fontID: 1, glyph: g, phase: 0)
        XCTAssertEqual([cache.hits, cache.misses], [0, 1])
        let again = try cache.bitmap(face: font.face, fontID: 1, glyph: g, phase: 0)
        XCTAssertEqual([cache.hits, cache.misses], [1, 1])
        XCTAssertEqual(first, again)
        _ = try cache.bitmap(face: font.face, fontID: 1, glyph: g, phase: 1)
        _ = try cache.bitmap(face: font.face, fontID: 2, glyph: g, phase: 0)
        _ = try cache.bitmap(face: font.face, fontID: 1, glyph: h, phase: 0)
        XCTAssertEqual([cache.hits, cache.misses], [1, 4], "phase, font id and glyph are each part of the key")
        XCTAssertEqual(cache.count, 4)
        XCTAssertTrue(cache.contains(face: font.face, fontID: 1, glyph: h, phase: 0))
        XCTAssertFalse(cache.contains(face: font.face, fontID: 1, glyph: h, phase: 3))
    }

    func testSizeIsPartOfTheKey() throws {
        let font = try TestFace(pixelSize: 20)
        let cache = GlyphCache()
        let g = font.glyph(for: "g")
        let small = try cache.bitmap(face: font.face, fontID: 1, glyph: g, phase: 0)
        try font.setPixelSize(40)
        let large = try cache.bitmap(face: font.face, fontID: 1, glyph: g, phase: 0)
        XCTAssertEqual(cache.misses, 2)
        XCTAssertGreaterThan(large.height, small.height * 3 / 2)
        try font.setPixelSize(20)
        XCTAssertEqual(try cache.bitmap(face: font.face, fontID: 1, glyph: g, phase: 0), small)
        XCTAssertEqual(cache.hits, 1)
    }

    func testEvictsLeastRecentlyUsedOverBudget() throws {
        let font = try TestFace(pixelSize: 20)
        let glyphs = "abcdefghijklmnopqrstuvwxyz".map { font.glyph(for: $0) }
        let probe = GlyphCache()
        let costs = try glyphs.map { GlyphCache.cost(of: try probe.bitmap(face: font.face, fontID: 1, glyph: $0, phase: 0)) }
        // Room for about half the alphabet.
        let budget = costs.reduce(0, +) / 2
        let cache = GlyphCache(byteBudget: budget)
        let a = glyphs[0]
        for glyph in glyphs {
            _ = try cache.bitmap(face: font.face, fontID: 1, glyph: glyph, phase: 0)
            // Keep 'a' recently used so it survives eviction.
            _ = try cache.bitmap(face: font.face, fontID: 1, glyph: a, phase: 0)
            XCTAssertLessThanOrEqual(cache.byteCount, budget)
        }
        XCTAssertGreaterThan(cache.evictions, 0)
        XCTAssertLessThan(cache.count, glyphs.count)
        XCTAssertTrue(cache.contains(face: font.face, fontID: 1, glyph: a, phase: 0), "recently used entry kept")
        XCTAssertFalse(cache.contains(face: font.face, fontID: 1, glyph: glyphs[1], phase: 0), "oldest entry evicted")
        XCTAssertTrue(cache.contains(face: font.face, fontID: 1, glyph: glyphs[25], phase: 0), "newest entry kept")
        XCTAssertEqual(cache.evictions + cache.count, glyphs.count)
    }

    func testRemoveAllEmptiesTheCache() throws {
        let font = try TestFace(pixelSize: 20)
        let cache = GlyphCache()
        _ = try cache.bitmap(face: font.face, fontID: 1, glyph: font.glyph(for: "x"), phase: 0)
        XCTAssertGreaterThan(cache.byteCount, 0)
        cache.removeAll()
        XCTAssertEqual(cache.count, 0)
        XCTAssertEqual(cache.byteCount, 0)
    }

    func testUnknownGlyphThrows() throws {
        let font = try TestFace(pixelSize: 20)
        let cache = GlyphCache()
        XCTAssertThrowsError(try cache.bitmap(face: font.face, fontID: 1, glyph: 1_000_000, phase: 0)) { error in
            XCTAssertTrue("\(error)".contains("FT_Load_Glyph"), "\(error)")
        }
    }
}
