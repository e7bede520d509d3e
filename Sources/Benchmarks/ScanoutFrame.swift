import Geometry
import LinuxSystem
import Reader

extension ScanoutMemoryDisplay {
    /// One frame of `session` at `offset`, composed straight into the back
    /// buffer and presented: its time in ms. The flip completes at once.
    func timedFrame(of session: ReaderSession, offset: Double) -> Double {
        session.controller.scrollView.contentOffset = Point(x: offset, y: 0)
        let start = monotonicMilliseconds()
        if let target = backBuffer, let written = session.compose(into: target) {
            _ = presentBackBuffer(written: written, at: start)
        }
        let elapsed = monotonicMilliseconds() - start
        completeFlip()
        return elapsed
    }
}
