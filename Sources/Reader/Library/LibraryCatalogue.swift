import BookFormats
import BookModel
import LinuxSystem
import Raster
import Typesetting

/// What the library shows of each book: its names and cover, found by a
/// worker thread (`CoverWorker`) for the rows on and near the screen,
/// kept in memory for a few screens of rows and in the cover cache on
/// disk for the next start. Used from the loop's thread only.
final class LibraryCatalogue {
    let formats: BookFormats
    private let worker: CoverWorker
    /// Finds books on this thread when the list cannot wait (at rest, a
    /// describe): the worker runs behind the frames, at a lower priority.
    private let painter: CoverPainter
    private let cache: CoverCache?
    private let coverWidth: Int
    private let coverHeight: Int
    private let fontPath: String
    private var found: [String: (info: LibraryBookInfo, cover: PixelBuffer, lastUse: Int)] = [:]
    /// Counts uses: the covers used longest ago leave memory first.
    private var useClock = 0
    /// Covers kept in memory: a few screens of rows.
    static let coversKept = 64
    /// Why books the formats accepted failed to open, by path.
    private var openingProblems: [String: String] = [:]
    /// The jobs asked for last, so an unchanged request is not sent again.
    private var requested: [CoverJob] = []
    /// Each file's format, found from its first bytes while the file is as it was.
    private var formatsByPath: [String: (status: FileStatus, format: any BookFormat)] = [:]

    init(formats: BookFormats, cache: CoverCache?, font: FontFile, coverWidth: Int, coverHeight: Int) throws {
        self.formats = formats
        self.coverWidth = coverWidth
        self.coverHeight = coverHeight
        fontPath = font.path
        self.cache = cache
        painter = try CoverPainter(font: font, width: coverWidth, height: coverHeight)
        worker = try CoverWorker(painter: try CoverPainter(font: font, width: coverWidth, height: coverHeight), cache: cache)
    }

    deinit { worker.stop() }

    /// The format of the entry's file, read once while the file is unchanged.
    func format(of entry: LibraryEntry) -> any BookFormat {
        if let known = formatsByPath[entry.path], known.status == entry.status { return known.format }
        let format = formats.format(ofFileAt: entry.path)
        formatsByPath[entry.path] = (entry.status, format)
        return format
    }

    private func job(_ entry: LibraryEntry) -> CoverJob {
        let format = format(of: entry)
        var key = CoverCache.key(path: entry.path, status: entry.status, coverWidth: coverWidth, coverHeight: coverHeight,
                                 font: fontPath, formatVersion: format.descriptionVersion)
        let problem = openingProblems[entry.path]
        if let problem { key += "|" + problem }
        return CoverJob(key: key, path: entry.path, format: CoverJob.FormatBox(format: format), problem: problem)
    }

    /// The book's names and cover when found; nil while they are being found.
    func known(_ entry: LibraryEntry) -> (info: LibraryBookInfo, cover: PixelBuffer)? {
        let key = job(entry).key
        guard let known = found[key] else { return nil }
        useClock += 1
        found[key]?.lastUse = useClock
        return (known.info, known.cover)
    }

    /// Asks for the books not found yet, in order (the rows on screen first, then those near it).
    func want(_ entries: [LibraryEntry]) {
        let jobs = entries.map(job).filter { found[$0.key] == nil }
        guard jobs != requested else { return }
        requested = jobs
        worker.request(jobs)
    }

    /// Takes in what the worker found; true when anything new came.
    @discardableResult
    func takeFound() -> Bool {
        let results = worker.takeResults()
        for result in results {
            useClock += 1
            found[result.key] = (result.info, result.cover, useClock)
        }
        if found.count > Self.coversKept {
            let oldest = found.sorted { $0.value.lastUse < $1.value.lastUse }.prefix(found.count - Self.coversKept)
            for (key, _) in oldest { found[key] = nil }
        }
        if !results.isEmpty { requested = requested.filter { found[$0.key] == nil } }
        return !results.isEmpty
    }

    /// Finds `entries` now, here (the list at rest shows no book
    /// half-drawn); returns them in order.
    func wait(for entries: [LibraryEntry]) -> [(info: LibraryBookInfo, cover: PixelBuffer)] {
        takeFound()
        for job in entries.map(job) where found[job.key] == nil {
            let result = CoverWorker.find(job, painter: painter, cache: cache)
            useClock += 1
            found[job.key] = (result.info, result.cover, useClock)
        }
        return entries.map { entry in
            known(entry) ?? (LibraryBookInfo(title: BookDescription.title(ofPath: entry.path)),
                             PixelBuffer(width: coverWidth, height: coverHeight))
        }
    }

    /// The book's names, found now if need be.
    func info(_ entry: LibraryEntry) -> LibraryBookInfo { wait(for: [entry])[0].info }

    /// True while the worker has books to find or found ones wait to be taken in.
    var isWorking: Bool { worker.isWorking }

    /// Waits until the worker has found everything asked for.
    func finishWork() {
        worker.waitUntilIdle()
        takeFound()
    }

    /// The book at `path` failed to open: it is shown with the reason.
    func noteOpeningProblem(_ problem: String, path: String) {
        openingProblems[path] = problem
    }

    /// The book at `path` opened: any earlier problem is over.
    func noteOpened(path: String) {
        openingProblems[path] = nil
    }

    func stop() { worker.stop() }
}
