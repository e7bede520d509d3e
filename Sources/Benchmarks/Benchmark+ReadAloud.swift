import BookModel
import LinuxSystem
import Raster
import Reader
import Speech
import Typesetting

/// The figures of `bench` for reading aloud.
extension Benchmark {
    static let readAloudStartRuns = 5
    /// Seconds of a chapter read aloud for the underrun count.
    static let readAloudSeconds = 20.0

    /// `read_aloud_start_ms`: from the button (reading asked for at a page)
    /// to the first audio frame handed to the sink, the first sentence's
    /// synthesis included (median of runs at different pages).
    /// `read_aloud_underruns`: a chapter read aloud to a sink that plays in
    /// real time, while pages are laid out and drawn and the book is paginated.
    func measureReadAloud(of book: Book, typesetter: Typesetter, pagination: Pagination, segments: ChapterSegments,
                          into result: inout JSONLine) throws {
        let synthesizer: SpeechQueue
        do {
            synthesizer = try SpeechQueue()
        } catch {
            return result.add("read_aloud_measured", "no: \(error)")
        }
        let pages = pagination.pages
        guard pages.count > 2 else { return }
        let starts = try (0..<Self.readAloudStartRuns).map { run -> Double in
            let sink = RealTimeSink(sampleRate: synthesizer.sampleRate)
            let reading = ReadAloud(synthesizer: synthesizer, sink: sink, waitsForSynthesis: false, fillsSilence: false, lead: 0.25)
            let start = monotonicMilliseconds()
            reading.start(book: book, from: pages[pages.count * (run + 1) / (Self.readAloudStartRuns + 2)].start, at: start / 1000)
            while sink.framesWritten == 0 {
                _ = reading.advance(to: monotonicMilliseconds() / 1000)
                if sink.framesWritten == 0 { sleepMilliseconds(1) }
            }
            let first = monotonicMilliseconds() - start
            reading.pause()
            try reading.finish(at: monotonicMilliseconds() / 1000)
            return first
        }
        result.add("read_aloud_start_ms", BenchClock.median(starts))

        // Pagination running all along, and a page laid out and drawn every few seconds.
        let store = PaginationStore(segments: segments)
        try store.startPaginating(matching: typesetter)
        let sink = RealTimeSink(sampleRate: synthesizer.sampleRate)
        let reading = ReadAloud(synthesizer: synthesizer, sink: sink, waitsForSynthesis: false, fillsSilence: false, lead: 0.25)
        let page = pages.count / 3
        let begin = monotonicMilliseconds()
        reading.start(book: book, from: pages[page].start, at: begin / 1000)
        var buffer = PixelBuffer(width: typesetter.geometry.width, height: typesetter.geometry.height)
        var ink = InkRows.all(rows: buffer.height)
        let painter = PagePainter(theme: .light), cache = GlyphCache()
        var turned = 0
        while monotonicMilliseconds() - begin < Self.readAloudSeconds * 1000 {
            let now = monotonicMilliseconds()
            _ = reading.advance(to: now / 1000)
            sink.play(until: now / 1000)
            if Int((now - begin) / 3000) > turned, page + turned + 1 < pages.count {
                turned += 1
                painter.paint(typesetter.layoutPage(page + turned, of: pagination), fonts: typesetter.fonts, cache: cache,
                              into: &buffer, ink: &ink)
            }
            sleepMilliseconds(1000 / 60)
        }
        store.wait { _, complete in complete }
        result.add("read_aloud_underruns", sink.underruns)
        reading.pause()
    }
}

/// A sink that plays what it is given in real time, as a sound card does:
/// when the clock passes the last frame given while speech goes on, it ran
/// out (an underrun) and starts again from the next frames given.
final class RealTimeSink: AudioSink {
    let sampleRate: Int
    private(set) var framesWritten = 0
    private(set) var underruns = 0
    /// When the frames given so far end, played in real time; nil before the first.
    private var playedThrough: Double?

    init(sampleRate: Int) { self.sampleRate = sampleRate }

    func write(_ frames: [Int16]) {
        let now = monotonicMilliseconds() / 1000
        play(until: now)
        let start = max(playedThrough ?? now, now)
        playedThrough = start + Double(frames.count) / Double(sampleRate)
        framesWritten += frames.count
    }

    /// Counts an underrun when the frames ran out before `time`.
    func play(until time: Double) {
        guard let through = playedThrough, through < time else { return }
        underruns += 1
        playedThrough = nil
    }

    func drain() throws {}
    func stop() { playedThrough = nil }
}
