import BookModel
import Raster
import Threading

/// The thread that finds books' names and covers for the library: from
/// the cover cache, else from the book's head and a cover drawn with its
/// own typesetter, which it then writes to the cache. The list asks for
/// the rows near the screen, nearest first.
typealias CoverWorker = LatestJobsWorker<CoverJob, String, FoundCover>

/// A book whose names and cover are wanted.
struct CoverJob: Sendable, Equatable {
    /// The cover's key in the cache and in memory.
    var key: String
    var path: String
    var format: FormatBox
    /// Why the book did not open, when it did not: drawn on its cover.
    var problem: String?

    /// A format, handed between threads.
    struct FormatBox: Sendable {
        let format: any BookFormat
    }

    static func == (a: CoverJob, b: CoverJob) -> Bool { a.key == b.key && a.path == b.path && a.problem == b.problem }
}

struct FoundCover: Sendable {
    var key: String
    var info: LibraryBookInfo
    var cover: PixelBuffer
}

extension LatestJobsWorker where Job == CoverJob, Key == String, Result == FoundCover {
    /// Draws covers with `painter`, which becomes the worker's alone.
    convenience init(painter: CoverPainter, cache: CoverCache?) throws {
        let box = UncheckedBox(painter)
        // Frames come first; this work fills in between them.
        try self.init(name: "library covers", niceness: ProcessResources.drawingAheadNiceness, key: \.key, resultKey: \.key) { job in
            Self.find(job, painter: box.value, cache: cache)
        }
    }

    /// The book's names and cover: cached, else read and drawn (and cached).
    static func find(_ job: CoverJob, painter: CoverPainter, cache: CoverCache?) -> FoundCover {
        if job.problem == nil, let cached = cache?.load(key: job.key) {
            return FoundCover(key: job.key, info: cached.info, cover: cached.cover)
        }
        var info = LibraryBookInfo(job.format.format.describe(path: job.path))
        if let problem = job.problem, info.problem == nil {
            info.problem = problem
            return FoundCover(key: job.key, info: info, cover: painter.cover(for: info))
        }
        let cover = painter.cover(for: info)
        cache?.save(key: job.key, info: info, cover: cover)
        return FoundCover(key: job.key, info: info, cover: cover)
    }
}
