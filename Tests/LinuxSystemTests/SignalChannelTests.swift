import Foundation
import LinuxSystem
import XCTest

final class SignalChannelTests: XCTestCase {
    /// A blocked signal raised on this thread waits on the descriptor, which polls readable.
    func testARaisedSignalIsReadFromTheDescriptor() throws {
        let channel = try SignalChannel(signals: [SIGUSR2])
        defer { channel.close() }
        XCTAssertEqual(channel.receivedSignals(), [])
        XCTAssertEqual(raise(SIGUSR2), 0)
        XCTAssertEqual(try PollSet([channel.fileDescriptor]).waitForReadable(timeout: 1000), [channel.fileDescriptor])
        XCTAssertEqual(channel.receivedSignals(), [SIGUSR2])
        XCTAssertEqual(channel.receivedSignals(), [])
    }
}
