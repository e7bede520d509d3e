import Devices
import Gestures
import Raster
@testable import Reader
import ReaderTools

/// The headless reader as `ebook-fb read --display headless --replay` runs
/// it: the reader loop over a display in memory, the frames as recorded
/// input, in virtual time.
struct HeadlessRun {
    let session: ReaderSession
    /// Called with every frame presented.
    var onFrame: ((Int, PixelBuffer) throws -> Void)?
    /// Called after the loop stopped, before the position is saved on exit.
    var beforeExitSave: (() throws -> Void)?

    init(session: ReaderSession) { self.session = session }

    @discardableResult
    func run(_ frames: [TouchFrame]) throws -> HeadlessDisplay {
        let geometry = session.settings.geometry
        let display = HeadlessDisplay(width: geometry.width, height: geometry.height)
        let loop = ReaderLoop(scene: session, display: display, input: RecordedInput(frames: frames),
                              clock: VirtualClock(start: frames.first?.time ?? 0))
        loop.onPresent = onFrame
        try loop.run()
        try beforeExitSave?()
        session.saveNow()
        return display
    }
}

/// The trace of `frames` over `pages` pages, as `ebook-fb trace` prints it.
func traceLines(width: Int, height: Int, pages: Int?, frames: [TouchFrame]) throws -> [String] {
    var lines: [String] = []
    let scene = TraceScene(width: width, height: height, pages: pages) { lines.append($0) }
    let loop = ReaderLoop(scene: scene, display: HeadlessDisplay(width: width, height: height),
                          input: RecordedInput(frames: frames), clock: VirtualClock(start: frames.first?.time ?? 0))
    try loop.run()
    if let final = scene.finalLine() { lines.append(final) }
    return lines
}
