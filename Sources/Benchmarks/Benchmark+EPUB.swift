import BookModel
import EPUB
import FoundationEssentials
import LinuxSystem
import Reader
import Typesetting

/// The EPUB figures of `bench`, on the book `--epub` names (a novel of
/// some 140 spine documents), each from fresh processes as the reader
/// runs: the first page with no place saved and at a place saved 90%
/// into the book; the whole book paginated beside MuPDF laying out the
/// same book at the same page and font size; the reader's peak memory.
extension Benchmark {
    /// Pages and their text, both ways, this many times each, alternately.
    static let paginationRuns = 3
    /// Page turns for the memory figure: through the whole book and back.
    static let epubTurns = 2_000

    func measureEPUB(into result: inout JSONLine, patternSnapshots: String) throws {
        guard (try? FileSystem.status(epub))?.isDirectory == false else {
            result.add("epub_skipped", "\(epub) is missing")
            return
        }
        let geometry = try options.geometry()
        let book = try EPUBBook.open(path: epub, publisherStyles: options.publisherStylesApply).book
        let scratch = try ScratchFolder(prefix: "ebook-fb-bench-epub")
        defer { scratch.remove() }
        let (fresh, resumed) = (scratch.path + "/fresh", scratch.path + "/resumed")
        try FileManager.default.createDirectory(atPath: fresh, withIntermediateDirectories: true)
        // A place 90% into the book, saved as the reader saves one.
        let offset = book.text.scalarCount * 9 / 10
        try StateStore(directory: resumed).save(ReadingState(
            book: StateStore.key(of: book), offset: offset, path: epub, characters: book.text.scalarCount,
            place: book.place(of: offset)))

        let firstPage = ["bench-first-page", "--pattern-snapshots", patternSnapshots]
        // The book's patterns snapshot is made by a first start, not timed (as for text).
        _ = try child(firstPage + ["--state-dir", fresh], book: epub)
        let first = try BenchClock.median(of: 3) {
            try child(firstPage + ["--state-dir", fresh], book: epub)["first_page_ms"] ?? .nan
        }
        var resumedPage = 0.0
        let resume = try BenchClock.median(of: 3) {
            let figures = try child(firstPage + ["--state-dir", resumed], book: epub)
            resumedPage = figures["page"] ?? 0
            return figures["first_page_ms"] ?? .nan
        }
        result.add("epub_first_page_ms", first)
        result.add("epub_first_page_resume_ms", resume)
        result.add("epub_first_page_resume_page", Int(resumedPage))

        try measureEPUBPagination(geometry: geometry, scratch: scratch, into: &result)

        let session = try child(["bench-session", "--pattern-snapshots", patternSnapshots, "--turns",
                                 String(Self.epubTurns)], book: epub)
        result.add("epub_peak_rss_mb", session["peak_rss_mb"] ?? .nan)
        result.add("epub_peak_rss_budget_mb", 5 * Double(geometry.width * geometry.height * 4) / 1_048_576 + 40)
    }

    /// The whole book from its file to the text of every page, in a fresh
    /// process each way: `ebook-fb paginate --with-text` (the JSON lines of
    /// every page with its text) and `mutool draw -F txt` (the text of
    /// every page), both to a pipe. MuPDF lays the book out at the same
    /// page size and font size (`-W`, `-H` in points, which are pixels at
    /// its default 72 dpi; `-S`), with a user style sheet giving it the
    /// reader's page margins and line spacing, and without its accelerator
    /// file (`-a`), which would let a second run skip the layout.
    private func measureEPUBPagination(geometry: PageGeometry, scratch: ScratchFolder,
                                       into result: inout JSONLine) throws {
        let ours = options.childArguments(["paginate", "--json", "--with-text", "--publisher-styles",
                                   options.publisherStylesArgument], book: epub)
        guard let mutool = Self.executable(named: "mutool") else {
            let outcome = try ChildProcess.runSelf(ours)
            result.add("epub_paginate_ms", BenchClock.medianTime(Self.paginationRuns) { _ = try? ChildProcess.runSelf(ours) })
            result.add("epub_pages", Self.lines(in: outcome.output))
            result.add("mupdf_skipped", "mutool not found (Debian's mupdf-tools)")
            return
        }
        let sheet = scratch.path + "/page.css"
        let margins = "\(geometry.marginTop)px \(geometry.marginLeft)px \(geometry.marginBottom)px \(geometry.marginLeft)px"
        try Array("@page { margin: \(margins) }\nbody { line-height: \(geometry.lineSpacing) }\n".utf8)
            .write(to: sheet)
        var peer = ["draw", "-a", "-q", "-F", "txt", "-W", String(geometry.width), "-H", String(geometry.height),
                    "-S", String(geometry.fontSize), "-U", sheet]
        if !options.publisherStylesApply { peer.append("-X") }
        peer.append(epub)
        var ourPages = 0, peerPages = 0
        let (ourTime, peerTime) = BenchClock.interleavedMedians(Self.paginationRuns, {
            if let outcome = try? ChildProcess.runSelf(ours), outcome.status == 0 { ourPages = Self.lines(in: outcome.output) }
        }, {
            if let outcome = try? ChildProcess.run(mutool, peer), outcome.status == 0 {
                peerPages = outcome.output.reduce(0) { $0 + ($1 == 0x0C ? 1 : 0) }
            }
        })
        guard ourPages > 0, peerPages > 0 else { throw BenchmarkError("bench: paginating \(epub) failed") }
        result.add("epub_paginate_ms", ourTime)
        result.add("mupdf_paginate_ms", peerTime)
        result.add("epub_paginate_ratio_mupdf", ourTime / max(0.001, peerTime))
        result.add("epub_pages", ourPages)
        result.add("mupdf_pages", peerPages)
    }

    private static func lines(in output: [UInt8]) -> Int { output.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } }

    /// The path of `name` in one of the folders of `$PATH`, when it is there.
    static func executable(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { candidate in
            (try? FileSystem.status(candidate)).map { !$0.isDirectory } ?? false
        }
    }
}

extension Array where Element == UInt8 {
    /// Writes the bytes to a new file at `path`, replacing one there.
    fileprivate func write(to path: String) throws {
        do throws(SystemError) {
            try AtomicFile.replace(path: path, contents: self)
        } catch {
            throw BenchmarkError("cannot write \(path): \(error)")
        }
    }
}
