import Devices
import Foundation
import LinuxSystem
import XCTest
@testable import LinuxDisplay

/// The signals a console session reads, as the loop's events: SIGHUP asks
/// for a reload (the kiosk reads its settings again), SIGTERM stops.
final class ConsoleSignalEventsTests: XCTestCase {
    func testHangupAsksForAReloadAndTerminationStops() throws {
        let channel = try SignalChannel(signals: [SIGHUP, SIGTERM])
        defer { channel.close() }
        // Blocked for this thread, so raised here they wait on the descriptor.
        raise(SIGHUP)
        raise(SIGTERM)
        let events = try ConsoleSignalEvents.read(from: channel, terminal: nil, refusesSwitching: false)
        XCTAssertEqual(events, [.reloadRequested, .quit(reason: "signal \(SIGTERM)")])
    }
}
