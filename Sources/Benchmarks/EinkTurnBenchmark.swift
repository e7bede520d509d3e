import Devices
import LinuxSystem
import Reader

/// A page turned on an e-ink panel (`eink_turn_ms`): the next page shown at
/// once, as e-ink shows no motion, its frame composed in memory,
/// quantized to the panel's 16 greys and the part that changed handed to
/// the display (in memory). The neighbours are drawn ahead between turns,
/// as they are while a reader rests on a page; the median of the turns.
/// A book shorter than the turns is turned to its end and back.
struct EinkTurnBenchmark {
    let session: ReaderSession

    func measure(turns: Int) throws -> Double {
        let geometry = session.settings.geometry
        let eink = EinkDisplay(over: HeadlessDisplay(width: geometry.width, height: geometry.height))
        session.composesStraight = false
        var time = 0.0
        func turn(to page: Int) throws -> Double {
            session.cache.waitForRenderAhead()
            let asked = eink.updates.count
            let start = monotonicMilliseconds()
            session.controller.show(page: page)
            session.compose()
            guard let frame = session.composedFrame else { throw BenchmarkError("bench: no frame for an e-ink turn") }
            let damage = session.takeDamage()
            eink.willPresent(interface: false, page: page)
            let presented = try frame.withUnsafeBytes { pixels in
                try eink.present(pixels: pixels, stride: frame.bytesPerRow, damage: damage, at: time)
            }
            let elapsed = monotonicMilliseconds() - start
            time += 1000
            _ = try eink.handleEvents(at: time)
            guard presented, eink.updates.count > asked else { throw BenchmarkError("bench: an e-ink turn changed nothing") }
            return elapsed
        }
        let count = session.spreadCount
        let first = max(0, min(session.currentSpread, count - turns - 1))
        // Past the last page the turns come back: each shows another page.
        let cycle = max(1, 2 * (count - 1))
        func page(_ step: Int) -> Int {
            let position = (first + step) % cycle
            return position < count ? position : cycle - position
        }
        _ = try turn(to: page(0)) // the panel's first frame: a full refresh
        var times: [Double] = []
        for step in 1...turns { times.append(try turn(to: page(step))) }
        return BenchClock.median(times)
    }
}
