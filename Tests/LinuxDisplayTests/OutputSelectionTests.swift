import LinuxDisplay
import XCTest

final class OutputSelectionTests: XCTestCase {
    /// A laptop-like card: eDP-1 connected (driven by CRTC 41), HDMI-A-1
    /// connected but idle, DP-1 disconnected; two CRTCs.
    private func card() -> CardDescription {
        CardDescription(
            path: "/dev/dri/card0",
            connectors: [
                ConnectorDescription(id: 100, name: "DP-1", isConnected: false, modes: [], encoderIDs: [200]),
                ConnectorDescription(id: 101, name: "eDP-1", isConnected: true,
                                     modes: [ModeDescription(width: 1920, height: 1080, refresh: 60, isPreferred: true),
                                             ModeDescription(width: 1280, height: 800, refresh: 60)],
                                     currentEncoderID: 201, encoderIDs: [201]),
                ConnectorDescription(id: 102, name: "HDMI-A-1", isConnected: true,
                                     modes: [ModeDescription(width: 1280, height: 720, refresh: 50),
                                             ModeDescription(width: 1280, height: 720, refresh: 60),
                                             ModeDescription(width: 1920, height: 1080, refresh: 30),
                                             ModeDescription(width: 1024, height: 768, refresh: 60, isPreferred: true)],
                                     encoderIDs: [202]),
            ],
            encoders: [
                EncoderDescription(id: 200, possibleCRTCs: 0b01),
                EncoderDescription(id: 201, currentCRTCID: 41, possibleCRTCs: 0b11),
                EncoderDescription(id: 202, possibleCRTCs: 0b10),
            ],
            crtcIDs: [41, 42])
    }

    func testFirstConnectedConnectorWithItsPreferredModeAndCurrentCRTC() throws {
        let choice = try OutputSelection.choose(on: card())
        XCTAssertEqual(choice, OutputSelection(connectorIndex: 1, modeIndex: 0, crtcID: 41))
    }

    func testNamedConnectorUsesACRTCItsEncoderCanReach() throws {
        let choice = try OutputSelection.choose(on: card(), connector: "hdmi-a-1")
        // Encoder 202 may only use the second CRTC.
        XCTAssertEqual(choice, OutputSelection(connectorIndex: 2, modeIndex: 3, crtcID: 42))
    }

    func testRequestedSizePicksTheHighestRefresh() throws {
        let choice = try OutputSelection.choose(on: card(), connector: "HDMI-A-1", mode: ModeRequest(width: 1280, height: 720))
        XCTAssertEqual(choice.modeIndex, 1)
        let laptop = try OutputSelection.choose(on: card(), mode: ModeRequest(width: 1280, height: 800))
        XCTAssertEqual(laptop, OutputSelection(connectorIndex: 1, modeIndex: 1, crtcID: 41))
    }

    func testUnknownModeListsTheSizesOffered() {
        XCTAssertThrowsError(try OutputSelection.choose(on: card(), connector: "HDMI-A-1", mode: ModeRequest(width: 800, height: 600))) { error in
            XCTAssertEqual(error as? DisplayError, .modeNotFound(path: "/dev/dri/card0", connector: "HDMI-A-1", mode: "800x600",
                                                                 available: ["1280x720", "1920x1080", "1024x768"]))
            XCTAssertEqual("\(error)", "/dev/dri/card0: HDMI-A-1 has no mode 800x600; it offers 1280x720, 1920x1080, 1024x768")
        }
    }

    func testUnknownConnectorNamesTheConnectedOnes() {
        XCTAssertThrowsError(try OutputSelection.choose(on: card(), connector: "Virtual-1")) { error in
            XCTAssertEqual("\(error)", "/dev/dri/card0: no connector named Virtual-1; connected: eDP-1, HDMI-A-1")
        }
    }

    func testDisconnectedConnectorIsRefused() {
        XCTAssertThrowsError(try OutputSelection.choose(on: card(), connector: "DP-1")) { error in
            XCTAssertEqual(error as? DisplayError, .noConnectedConnector(path: "/dev/dri/card0", connectors: ["DP-1 (disconnected)"]))
        }
    }

    func testNothingConnected() {
        var card = card()
        for index in card.connectors.indices { card.connectors[index].isConnected = false }
        XCTAssertThrowsError(try OutputSelection.choose(on: card)) { error in
            XCTAssertEqual("\(error)", "/dev/dri/card0: no screen is connected (connectors: DP-1, eDP-1, HDMI-A-1)")
        }
    }

    func testNoCRTCForTheEncoder() {
        var card = card()
        card.encoders[2].possibleCRTCs = 0b100  // a CRTC the card does not list
        XCTAssertThrowsError(try OutputSelection.choose(on: card, connector: "HDMI-A-1")) { error in
            XCTAssertEqual(error as? DisplayError, .noCRTC(path: "/dev/dri/card0", connector: "HDMI-A-1"))
        }
    }

    func testWithoutAPreferredModeTheFirstIsUsed() throws {
        var card = card()
        card.connectors[1].modes[0].isPreferred = false
        XCTAssertEqual(try OutputSelection.choose(on: card).modeIndex, 0)
    }

    func testConnectorNamesFollowTheKernel() {
        XCTAssertEqual(ConnectorDescription.name(type: 11, index: 1), "HDMI-A-1")
        XCTAssertEqual(ConnectorDescription.name(type: 15, index: 1), "Virtual-1")
        XCTAssertEqual(ConnectorDescription.name(type: 14, index: 2), "eDP-2")
        XCTAssertEqual(ConnectorDescription.name(type: 99, index: 1), "Unknown-1")
    }

    func testModeRequestParsing() throws {
        XCTAssertEqual(try ModeRequest(parsing: "1280x800"), ModeRequest(width: 1280, height: 800))
        XCTAssertEqual(try ModeRequest(parsing: "1024X768"), ModeRequest(width: 1024, height: 768))
        for bad in ["1280", "x800", "1280x", "0x600", "axb", "1280x800x2"] {
            XCTAssertThrowsError(try ModeRequest(parsing: bad)) { error in
                XCTAssertEqual("\(error)", "--mode \(bad): expected WIDTHxHEIGHT, e.g. 1280x800")
            }
        }
    }
}
