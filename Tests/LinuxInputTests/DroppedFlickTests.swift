import Geometry
import Gestures
import XCTest
@testable import LinuxInput

/// A flick whose middle the kernel dropped (its buffer overflowed while the
/// reader was busy: SYN_DROPPED, the newest event, then what came after)
/// is still a flick to the next page, whether the reader caught up while
/// the finger was down or only after it lifted.
final class DroppedFlickTests: XCTestCase {
    typealias S = Synthetic

    /// The kernel's state when the reader resynchronises: the finger at `x`, or lifted.
    struct KernelState: EvdevStateSource {
        var x: Int32?
        func currentState() throws -> EvdevStateSnapshot {
            EvdevStateSnapshot(axisValues: [AbsCode.mtSlot: 0],
                               slotValues: [AbsCode.mtTrackingID: [x == nil ? -1 : 1],
                                            AbsCode.mtPositionX: [x ?? 256], AbsCode.mtPositionY: [384]])
        }
    }

    /// The fault run's flick on a 1280 px panel: from 85% to 20% of the
    /// width in 120 ms, a report every 8 ms; packets `lost` are dropped by
    /// the kernel, which leaves SYN_DROPPED and the newest event before the
    /// first packet after them.
    private func flick(losing lost: Range<Int>) -> [InputEvent] {
        let x0 = 1088.0, x1 = 256.0, steps = 15
        var packets: [[InputEvent]] = [[S.tracking(0, 1)] + S.position(0, Int32(x0), 384) + [S.syn(0)]]
        for step in 1...steps {
            let t = Double(step * 8)
            let x = Int32((x0 + (x1 - x0) * Double(step) / Double(steps)).rounded())
            packets.append([S.abs(t, AbsCode.mtPositionX, x), S.syn(t)])
        }
        packets.append([S.tracking(128, -1), S.syn(128)])
        var events: [InputEvent] = []
        for (index, packet) in packets.enumerated() {
            if lost.contains(index) { continue }
            if index == lost.upperBound, !lost.isEmpty {
                let last = packets[index - 1]
                events += [S.syn(last[0].time, SynCode.dropped), last[last.count - 2]]
            }
            events += packet
        }
        return events
    }

    /// Where the gesture recognizer says the pan ended: its translation and velocity.
    private func release(of events: [InputEvent], state: KernelState) throws -> (translation: Double, velocity: Double) {
        var parser = try XCTUnwrap(EvdevTouchParser(device: S.slotted()))
        var recognizer = GestureRecognizer(configuration: GestureConfiguration(screenWidth: 1280))
        var ended: (Double, Double)?
        for frame in try parser.feed(events, stateSource: state) {
            for event in recognizer.process(frame) {
                if case let .panEnded(_, translation, velocity) = event.kind { ended = (translation.x, velocity.x) }
            }
        }
        XCTAssertEqual(recognizer.fingersDown, 0, "the finger is lifted")
        return try XCTUnwrap(ended, "no pan ended")
    }

    /// What turns a page: a release past half the width, or a flick faster than 0.3 px/ms.
    private func turnsToTheNextPage(_ release: (translation: Double, velocity: Double)) -> Bool {
        release.translation <= -640 || release.velocity < -0.3
    }

    func testADropInTheMiddleOfAFlickStillTurnsThePage() throws {
        for start in 2...10 {
            for length in 1...4 where start + length <= 16 {
                let lost = start..<(start + length)
                let events = flick(losing: lost)
                XCTAssertTrue(events.contains { $0.type == EventType.syn && $0.code == SynCode.dropped })
                // Read while the finger is still down (the kernel has it further on), or after it lifted.
                let stillDown = try release(of: events, state: KernelState(x: 400))
                XCTAssertTrue(turnsToTheNextPage(stillDown), "lost \(lost), read while down: \(stillDown)")
                let lifted = try release(of: events, state: KernelState(x: nil))
                XCTAssertTrue(turnsToTheNextPage(lifted), "lost \(lost), read after the lift: \(lifted)")
            }
        }
    }
}
