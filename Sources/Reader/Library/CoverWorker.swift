import BookModel
import Raster
import Threading

/// A thread that finds books' names and covers for the library: from the
/// cover cache, else from the book's head and a cover drawn with its own
/// typesetter, which it then writes to the cache. The list asks for the
/// rows near the screen, nearest first; a new request replaces the
/// waiting one, so a fast scroll never leaves a queue of rows long gone.
final class CoverWorker: @unchecked Sendable {
    struct Job: Sendable, Equatable {
        /// The cover's key in the cache and in memory.
        var key: String
        var path: String
        var format: FormatBox
        /// Why the book did not open, when it did not: drawn on its cover.
        var problem: String?

        static func == (a: Job, b: Job) -> Bool { a.key == b.key && a.path == b.path && a.problem == b.problem }
    }

    /// A format, handed between threads.
    struct FormatBox: Sendable {
        let format: any BookFormat
    }

    struct Found: Sendable {
        var key: String
        var info: LibraryBookInfo
        var cover: PixelBuffer
    }

    private let condition = Condition()
    private var jobs: [Job] = []
    private var busy = false
    private var done: [Found] = []
    private var stopping = false

    init(painter: CoverPainter, cache: CoverCache?) throws {
        let box = UncheckedBox(painter)
        try DetachedThread.start(name: "library covers") { [self] in
            // Frames come first; covers fill in between them.
            ProcessResources.runThisThreadInBackground(niceness: 5)
            run(painter: box.value, cache: cache)
        }
    }

    /// The jobs to do, nearest the screen first; those waiting before are dropped.
    func request(_ wanted: [Job]) {
        condition.withLock {
            jobs = wanted
            condition.broadcast()
        }
    }

    /// What was found since the last call.
    func takeFound() -> [Found] {
        condition.withLock {
            defer { done = [] }
            return done
        }
    }

    /// True while jobs wait, one is being done or found ones wait to be taken.
    var isWorking: Bool { condition.withLock { busy || !jobs.isEmpty || !done.isEmpty } }

    /// Waits until every job asked for is done.
    func waitUntilIdle() {
        condition.lock()
        while busy || !jobs.isEmpty { condition.wait() }
        condition.unlock()
    }

    func stop() {
        condition.withLock {
            stopping = true
            jobs = []
            condition.broadcast()
        }
    }

    private func run(painter: CoverPainter, cache: CoverCache?) {
        while true {
            condition.lock()
            while jobs.isEmpty, !stopping { condition.wait() }
            if stopping {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            busy = true
            condition.unlock()
            let found = Self.find(job, painter: painter, cache: cache)
            condition.withLock {
                done.append(found)
                busy = false
                condition.broadcast()
            }
        }
    }

    /// The book's names and cover: cached, else read and drawn (and cached).
    static func find(_ job: Job, painter: CoverPainter, cache: CoverCache?) -> Found {
        if job.problem == nil, let cached = cache?.load(key: job.key) {
            return Found(key: job.key, info: cached.info, cover: cached.cover)
        }
        var info = LibraryBookInfo(job.format.format.describe(path: job.path))
        if let problem = job.problem, info.problem == nil {
            info.problem = problem
            return Found(key: job.key, info: info, cover: painter.cover(for: info))
        }
        let cover = painter.cover(for: info)
        cache?.save(key: job.key, info: info, cover: cover)
        return Found(key: job.key, info: info, cover: cover)
    }
}
