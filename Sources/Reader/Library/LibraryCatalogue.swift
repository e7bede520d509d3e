import BookFormats
import BookModel
import LinuxSystem
import Raster
import Threading
import Typesetting

/// What the library shows of each book: its names and cover, found by a
/// worker thread (`CoverWorker`) for the rows on and near the screen,
/// kept in memory for a few screens of rows and in the cover cache on
/// disk for the next start. Used from the loop's thread only.
final class LibraryCatalogue {
    let formats: BookFormats
    private let covers: KeptResults<CoverJob, String, FoundCover>
    /// Finds books on this thread when the list cannot wait (at rest, a
    /// describe): the worker runs behind the frames, at a lower priority.
    private let painter: CoverPainter
    private let cache: CoverCache?
    private let coverWidth: Int
    private let coverHeight: Int
    private let fontPath: String
    /// Covers kept in memory: a few screens of rows.
    static let coversKept = 64
    /// Why books the formats accepted failed to open, by path.
    private var openingProblems: [String: String] = [:]
    /// Each file's format, found from its first bytes while the file is as it was.
    private var formatsByPath: [String: (status: FileStatus, format: any BookFormat)] = [:]

    init(formats: BookFormats, cache: CoverCache?, font: FontFile, coverWidth: Int, coverHeight: Int) throws {
        self.formats = formats
        self.coverWidth = coverWidth
        self.coverHeight = coverHeight
        fontPath = font.path
        self.cache = cache
        painter = try CoverPainter(font: font, width: coverWidth, height: coverHeight)
        covers = KeptResults(worker: try CoverWorker(painter: try CoverPainter(font: font, width: coverWidth, height: coverHeight),
                                                     cache: cache),
                             capacity: Self.coversKept)
    }

    deinit { covers.stop() }

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
        covers.result(for: job(entry).key).map { ($0.info, $0.cover) }
    }

    /// Asks for the books not found yet, in order (the rows on screen first, then those near it).
    func want(_ entries: [LibraryEntry]) { covers.want(entries.map(job)) }

    /// Takes in what the worker found; true when anything new came.
    @discardableResult
    func takeFound() -> Bool { covers.takeResults() }

    /// Finds `entries` now, here (the list at rest shows no book
    /// half-drawn); returns them in order.
    func wait(for entries: [LibraryEntry]) -> [(info: LibraryBookInfo, cover: PixelBuffer)] {
        takeFound()
        for job in entries.map(job) where !covers.contains(job.key) {
            covers.keep(CoverWorker.find(job, painter: painter, cache: cache))
        }
        return entries.map { entry in
            known(entry) ?? (LibraryBookInfo(title: BookDescription.title(ofPath: entry.path)),
                             PixelBuffer(width: coverWidth, height: coverHeight))
        }
    }

    /// The book's names, found now if need be.
    func info(_ entry: LibraryEntry) -> LibraryBookInfo { wait(for: [entry])[0].info }

    /// True while the worker has books to find or found ones wait to be taken in.
    var isWorking: Bool { covers.isWorking }

    /// Waits until the worker has found everything asked for.
    func finishWork() { covers.finishWork() }

    /// The book at `path` failed to open: it is shown with the reason.
    func noteOpeningProblem(_ problem: String, path: String) {
        openingProblems[path] = problem
    }

    /// The book at `path` opened: any earlier problem is over.
    func noteOpened(path: String) {
        openingProblems[path] = nil
    }

    func stop() { covers.stop() }
}
