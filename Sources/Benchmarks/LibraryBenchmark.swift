import BookFormats
import FoundationEssentials
import Geometry
import Gestures
import LinuxSystem
import Raster
import Reader
import Typesetting

/// The library's figures, each run in a fresh process so fonts and caches
/// start cold: how long a folder of 1,000 books takes from nothing to the
/// library's first frame (`library_open_ms`, with an empty cover cache;
/// `library_open_cached_ms` with the covers of the first screen cached),
/// and each frame, at 60 Hz, while a finger flicks the list up every half
/// second for five seconds (about 3,000 px/s, some 60 books at 1280x800),
/// the covers of the books coming into view found by the library's worker
/// as it goes (`library_frame_p99_ms`, `library_frame_median_ms`).
public struct LibraryBenchmark {
    let options: any BenchmarkedBook
    /// The folder of books.
    let folder: String
    /// The state folder with the books' positions.
    let stateDir: String
    /// The cover cache folder.
    let covers: String

    public init(options: any BenchmarkedBook, folder: String, stateDir: String, covers: String) {
        self.options = options
        self.folder = folder
        self.stateDir = stateDir
        self.covers = covers
    }

    public func run() throws {
        let geometry = try options.geometry()
        let font = try FontSet.resolve(path: options.font)
        let start = monotonicMilliseconds()
        let formats = BookFormats()
        let folderPath = folder.hasSuffix("/") ? folder : folder + "/"
        let shelf = LibraryFolder(path: folder) { name in formats.lists(fileAt: folderPath + name) }
        let library = try LibraryScreen(folder: shelf, formats: formats, coverCache: CoverCache(directory: covers),
                                        store: StateStore(directory: stateDir), font: font, theme: .light,
                                        width: geometry.width, height: geometry.height)
        _ = library.advance(to: 0)
        var result = JSONLine()
        result.add("library_open_ms", monotonicMilliseconds() - start)
        result.add("library_books", library.entries.count)

        // Frames at 60 Hz in real time, as a screen asks for them (a loop
        // running flat out would be cut by the scheduler, not by its work),
        // a finger flicking the list up every half second.
        var frameTimes: [Double] = []
        let frameInterval = 1000.0 / 60
        var next = monotonicMilliseconds()
        let x = Double(geometry.width) / 2, bottom = Double(geometry.height) * 0.8
        for frame in 1...300 {
            next += frameInterval
            sleepMilliseconds(next - monotonicMilliseconds())
            let time = Double(frame) * frameInterval, step = frame % 30, finger = frame / 30
            let began = monotonicMilliseconds()
            let at = Point(x: x, y: bottom - Double(step) * 50)
            if step == 0 {
                _ = library.handle(GestureEvent(time: time, kind: .fingerDown(id: finger, at: at)))
            } else if step <= 6 {
                _ = library.handle(GestureEvent(time: time, kind: .fingerMoved(id: finger, to: at)))
                if step == 6 { _ = library.handle(GestureEvent(time: time, kind: .fingerUp(id: finger, at: at))) }
            }
            _ = library.advance(to: time)
            frameTimes.append(monotonicMilliseconds() - began)
        }
        result.add("library_rows_scrolled", Int(library.scrollView.contentOffset.y) / max(1, library.layout.rowHeight))
        library.stop()
        result.add("library_frame_p99_ms", BenchClock.percentile(frameTimes, 0.99))
        result.add("library_frame_median_ms", BenchClock.median(frameTimes))
        print(result.text)
    }
}
