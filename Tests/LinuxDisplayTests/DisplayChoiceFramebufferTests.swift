import Glibc
import LinuxDisplay
import XCTest

final class DisplayChoiceFramebufferTests: XCTestCase {
    private let noCard = [CardProbe(path: "/dev/dri/card0", problem: .noConnectedConnector(path: "/dev/dri/card0", connectors: ["VGA-1"]))]

    func testAutoTakesACardBeforeTheFramebuffer() throws {
        XCTAssertEqual(try DisplayChoice.decide(.auto, probes: [CardProbe(path: "/dev/dri/card0")],
                                                framebuffer: CardProbe(path: "/dev/fb0")), .kms(path: "/dev/dri/card0"))
    }

    func testAutoTakesTheFramebufferWhenNoCardCanBeDriven() throws {
        XCTAssertEqual(try DisplayChoice.decide(.auto, probes: noCard, framebuffer: CardProbe(path: "/dev/fb0")), .fbdev(path: "/dev/fb0"))
        XCTAssertEqual(try DisplayChoice.decide(.auto, probes: [], framebuffer: CardProbe(path: "/dev/fb1")), .fbdev(path: "/dev/fb1"))
    }

    func testAutoWithNeitherSaysWhyForBoth() throws {
        let decision = try DisplayChoice.decide(.auto, probes: [], framebuffer: CardProbe(path: "/dev/fb0", problem: .noFramebuffer(path: "/dev/fb0")))
        guard case .headless(let reason) = decision else { return XCTFail("\(decision)") }
        XCTAssertTrue(reason.hasPrefix("KMS not used: no /dev/dri/card*"), reason)
        XCTAssertTrue(reason.hasSuffix("; fbdev not used: no /dev/fb0 (no framebuffer driver is loaded, or the board names it otherwise: --framebuffer /dev/fbN)"), reason)
    }

    func testFbdevInsistsAndNeverTakesACard() {
        let problem = DisplayError.unsupportedFramebuffer(path: "/dev/fb0", reason: "8 bits a pixel")
        XCTAssertThrowsError(try DisplayChoice.decide(.fbdev, probes: [CardProbe(path: "/dev/dri/card0")],
                                                      framebuffer: CardProbe(path: "/dev/fb0", problem: problem))) { error in
            XCTAssertEqual(error as? DisplayError, problem)
        }
        XCTAssertEqual(try DisplayChoice.decide(.fbdev, probes: [CardProbe(path: "/dev/dri/card0")], framebuffer: CardProbe(path: "/dev/fb0")),
                       .fbdev(path: "/dev/fb0"))
    }

    func testDrmAndKmsNameTheSameDisplay() {
        XCTAssertEqual(DisplayRequest(parsing: "drm"), .kms)
        XCTAssertEqual(DisplayRequest(parsing: "KMS"), .kms)
        XCTAssertEqual(DisplayRequest(parsing: "fbdev"), .fbdev)
        XCTAssertNil(DisplayRequest(parsing: "x11"))
    }

    func testProbingSomethingThatIsNotAFramebufferSaysSo() throws {
        XCTAssertEqual(DisplayChoice.probeFramebuffer(path: "/nonexistent/fb0").problem, .noFramebuffer(path: "/nonexistent/fb0"))
        // /dev/null opens but answers no framebuffer request.
        let problem = try XCTUnwrap(DisplayChoice.probeFramebuffer(path: "/dev/null").problem)
        XCTAssertTrue("\(problem)".contains("FBIOGET_VSCREENINFO"), "\(problem)")
    }
}
