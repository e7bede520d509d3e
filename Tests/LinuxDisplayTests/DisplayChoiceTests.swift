import Glibc
import LinuxDisplay
import XCTest

final class DisplayChoiceTests: XCTestCase {
    func testAutoTakesTheFirstUsableCard() throws {
        let probes = [CardProbe(path: "/dev/dri/card0", problem: .noDumbBuffers(path: "/dev/dri/card0")),
                      CardProbe(path: "/dev/dri/card1")]
        XCTAssertEqual(try DisplayChoice.decide(.auto, probes: probes), .kms(path: "/dev/dri/card1"))
        XCTAssertEqual(try DisplayChoice.decide(.kms, probes: probes), .kms(path: "/dev/dri/card1"))
    }

    func testAutoWithoutCardsIsHeadlessAndSaysWhy() throws {
        XCTAssertEqual(try DisplayChoice.decide(.auto, probes: []),
                       .headless(reason: "KMS not used: no /dev/dri/card* (no DRM driver is loaded for the graphics hardware)"))
    }

    func testAutoNamesTheFirstCardsProblem() throws {
        let probes = [CardProbe(path: "/dev/dri/card0", problem: .permissionDenied(path: "/dev/dri/card0", group: "video"))]
        XCTAssertEqual(try DisplayChoice.decide(.auto, probes: probes), .headless(reason:
            "KMS not used: open /dev/dri/card0: permission denied; the device belongs to group 'video': "
            + "add the user to it (usermod -aG video USER) and log in again"))
    }

    func testKMSInsistsAndThrowsTheReason() {
        XCTAssertThrowsError(try DisplayChoice.decide(.kms, probes: [])) { error in
            XCTAssertEqual(error as? DisplayError, .noDevice(directory: "/dev/dri"))
        }
        let held = DisplayError.masterHeld(path: "/dev/dri/card0", freeTerminal: 3)
        XCTAssertThrowsError(try DisplayChoice.decide(.kms, probes: [CardProbe(path: "/dev/dri/card0", problem: held)])) { error in
            XCTAssertEqual(error as? DisplayError, held)
        }
    }

    func testHeadlessNeverLooksAtCards() throws {
        XCTAssertEqual(try DisplayChoice.decide(.headless, probes: [CardProbe(path: "/dev/dri/card0")]),
                       .headless(reason: "--display headless"))
    }

    func testProbingAnEmptyDirectoryFindsNothing() throws {
        let directory = try temporaryDirectory()
        defer { rmdir(directory) }
        XCTAssertEqual(DisplayChoice.probeCards(directory: directory), [])
        XCTAssertEqual(try DisplayChoice.decide(.auto, probes: DisplayChoice.probeCards(directory: directory), directory: directory),
                       .headless(reason: "KMS not used: no \(directory)/card* (no DRM driver is loaded for the graphics hardware)"))
    }

    func testOpeningWithoutCardsSaysSo() throws {
        let directory = try temporaryDirectory()
        defer { rmdir(directory) }
        XCTAssertThrowsError(try KMSDisplay.open(KMSOptions(directory: directory))) { error in
            XCTAssertEqual(error as? DisplayError, .noDevice(directory: directory))
        }
    }

    func testCardDiscoveryOrdersCardsNumerically() throws {
        let directory = try temporaryDirectory()
        let names = ["card10", "card2", "renderD128", "by-path", "card0", "cardX"]
        for name in names { close(open("\(directory)/\(name)", O_CREAT | O_WRONLY, 0o600)) }
        defer {
            for name in names { unlink("\(directory)/\(name)") }
            rmdir(directory)
        }
        XCTAssertEqual(CardDiscovery.cardPaths(in: directory), ["card0", "card2", "card10"].map { "\(directory)/\($0)" })
    }

    func testAFileThatIsNoCardFailsWithTheOperationAndPath() throws {
        let directory = try temporaryDirectory()
        close(open("\(directory)/card0", O_CREAT | O_WRONLY, 0o600))
        defer {
            unlink("\(directory)/card0")
            rmdir(directory)
        }
        let probes = DisplayChoice.probeCards(directory: directory)
        XCTAssertEqual(probes.count, 1)
        // A plain file takes no DRM ioctl.
        guard case .system(let failure)? = probes.first?.problem else {
            return XCTFail("expected a failed system call, got \(String(describing: probes.first?.problem))")
        }
        XCTAssertEqual(failure.operation, "drmGetCap DRM_CAP_DUMB_BUFFER")
        XCTAssertEqual(failure.path, "\(directory)/card0")
    }

    private func temporaryDirectory() throws -> String {
        var template = Array("/tmp/linuxdisplay-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw XCTSkip("cannot make a temporary directory") }
        return String(cString: made)
    }
}
