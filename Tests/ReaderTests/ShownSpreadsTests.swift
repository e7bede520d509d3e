import Typesetting
import XCTest
@testable import Reader

/// How the spreads on screen follow pages becoming known around them.
final class ShownSpreadsTests: XCTestCase {
    func testPagesInFrontThatKeepThePairingShiftTheSpreads() {
        // Pages 10-19 of the book known (10 before them), two a spread: page 0 of the run starts spread 0.
        var spreads = ShownSpreads(SpreadMap(columns: 2, pagesBefore: 10))
        // Four pages come in front: the book's pages 6-19; the first shown (run page 2) is now run page 6.
        let change = spreads.takeIn(SpreadMap(columns: 2, pagesBefore: 6), inserted: 4, firstShown: 2, knownBefore: 10, knownNow: 14)
        XCTAssertEqual(change, .shifted(spreads: 2, redraw: []))
        XCTAssertEqual(spreads.pages(ofSpread: 3, pageCount: 14), 6..<8)
    }

    func testPagesInFrontThatChangeThePairingPairThePagesAnew() {
        // Ten pages were thought to come before the run; three came in front and six are before them.
        var spreads = ShownSpreads(SpreadMap(columns: 2, pagesBefore: 10))
        let change = spreads.takeIn(SpreadMap(columns: 2, pagesBefore: 6), inserted: 3, firstShown: 2, knownBefore: 10, knownNow: 13)
        // The first page shown is run page 5 now, the book's 11: the second of spread 2 (run pages 4-5).
        XCTAssertEqual(change, .paired(show: 2))
        // Three pages in front of a run with seven before it keep the pairing.
        var kept = ShownSpreads(SpreadMap(columns: 2, pagesBefore: 10))
        XCTAssertEqual(kept.takeIn(SpreadMap(columns: 2, pagesBefore: 7), inserted: 3, firstShown: 2, knownBefore: 10, knownNow: 13),
                       .shifted(spreads: 2, redraw: []))
    }

    func testALastSpreadThatGainsItsSecondPageIsDrawnAgain() {
        var spreads = ShownSpreads(SpreadMap(columns: 2))
        // Five pages known: the third spread holds page 4 alone; a sixth page joins it.
        let change = spreads.takeIn(SpreadMap(columns: 2), inserted: 0, firstShown: 0, knownBefore: 5, knownNow: 6)
        XCTAssertEqual(change, .shifted(spreads: 0, redraw: [2]))
        let unchanged = spreads.takeIn(SpreadMap(columns: 2), inserted: 0, firstShown: 0, knownBefore: 6, knownNow: 8)
        XCTAssertEqual(unchanged, .shifted(spreads: 0, redraw: []))
    }

    func testOneColumnNeverRedraws() {
        var spreads = ShownSpreads()
        XCTAssertEqual(spreads.takeIn(SpreadMap(columns: 1), inserted: 3, firstShown: 0, knownBefore: 5, knownNow: 8),
                       .shifted(spreads: 3, redraw: []))
    }

    func testThePageOnScreenIsTheOneHoldingThePlace() {
        XCTAssertEqual(ShownSpreads.page(among: 4..<6, holding: 5), 5)
        XCTAssertEqual(ShownSpreads.page(among: 4..<6, holding: 9), 4)
        XCTAssertEqual(ShownSpreads.page(among: 4..<6, holding: nil), 4)
    }
}
