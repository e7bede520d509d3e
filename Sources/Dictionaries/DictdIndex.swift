import LinuxSystem

/// A dictd `.index` (headword TAB offset TAB length, numbers in base 64,
/// lines sorted by `DictdCollation`), searched in place: a lookup reads
/// the twenty-odd lines a binary search visits with pread, so opening one
/// costs nothing however long it is and its memory does not grow with it.
/// (Read, not mapped, as books are: a file that shrinks while open cannot
/// raise SIGBUS.)
final class DictdIndex {
    struct Line: Equatable {
        /// Where the line starts in the file.
        var start: Int
        /// The line without its newline.
        var bytes: [UInt8]
        var next: Int { start + bytes.count + 1 }

        var headword: ArraySlice<UInt8> { bytes.prefix { $0 != UInt8(ascii: "\t") } }

        /// Offset and length in the definitions' text; nil when the line is not headword, offset and length.
        var location: (offset: Int, length: Int)? {
            let fields = bytes.split(separator: UInt8(ascii: "\t"), maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count >= 3, !fields[0].isEmpty,
                  let offset = Base64Number.value(of: fields[1]), let length = Base64Number.value(of: fields[2]) else { return nil }
            return (offset, length)
        }
    }

    let path: String
    let size: Int
    let collation: DictdCollation
    private let file: FileDescriptor
    /// A headword's lines beyond this many are not read (an index that
    /// repeats one line for ever is not worth following).
    static let matchesLimit = 256

    /// Opens `path` and checks that it ends with a whole line; the first
    /// lines say how it is sorted.
    init(path: String) throws(DictionaryError) {
        let opened = try DefinitionFile.openFile(path)
        (self.path, file, size) = (path, opened.descriptor, opened.size)
        let lastByte: [UInt8], head: [UInt8]
        do throws(SystemError) {
            lastByte = try file.readBytes(count: min(size, 1), fromOffset: max(0, size - 1))
            head = try file.readBytes(count: min(size, 4096))
        } catch {
            file.close()
            throw DictionaryError(path: path, problem: "cannot be read (\(error))")
        }
        guard lastByte == [UInt8(ascii: "\n")] else {
            file.close()
            throw DictionaryError(path: path, problem: size == 0 ? "the index is empty" : "the index's last line is cut short")
        }
        collation = DictdCollation.declared(byIndexHead: head)
    }

    deinit { file.close() }

    /// The lines whose headword has the same key as `word`, in the index's order.
    func lines(matching word: String) throws(DictionaryError) -> [Line] {
        let key = collation.key(Array(word.utf8))
        guard !key.isEmpty else { return [] }
        var matches: [Line] = []
        var position = try firstLine(notBefore: key)
        while matches.count < Self.matchesLimit, let line = try line(atOrAfter: position), collation.key(line.headword) == key {
            matches.append(line)
            position = line.next
        }
        return matches
    }

    /// The first line of the file, and its last.
    func endLines() throws(DictionaryError) -> (first: Line, last: Line)? {
        guard let first = try line(atOrAfter: 0) else { return nil }
        // The last line starts after the newline before the final one.
        var start = max(0, size - 1)
        while start > 0 {
            let window = try read(count: min(start, 512), at: max(0, start - 512))
            if let newline = window.lastIndex(of: UInt8(ascii: "\n")) {
                start = max(0, start - 512) + newline + 1
                break
            }
            start = max(0, start - 512)
        }
        guard let last = try line(atOrAfter: start) else { return nil }
        return (first, last)
    }

    /// The start of the first line whose key is not before `key` (the
    /// file's size when there is none).
    private func firstLine(notBefore key: [UInt8]) throws(DictionaryError) -> Int {
        // Every line before `low` comes before `key`; the line at `high`
        // (a line start, or the end) does not.
        var low = 0, high = size
        while low < high {
            let probe = try line(atOrAfter: low + (high - low) / 2)
            let line: Line
            if let probe, probe.start < high {
                line = probe
            } else if let first = try self.line(atOrAfter: low) {
                // No line starts between the middle and `high`: step from `low`.
                line = first
            } else {
                return size
            }
            if collation.key(line.headword).lexicographicallyPrecedes(key) {
                low = line.next
            } else {
                high = line.start
            }
        }
        return low
    }

    /// The line starting at `position` when one does (the file's start or
    /// just after a newline), else the next one; nil past the last.
    func line(atOrAfter position: Int) throws(DictionaryError) -> Line? {
        var start = position
        if start > 0 {
            // Find the newline at or after position - 1.
            var searched = start - 1
            while true {
                guard searched < size else { return nil }
                let window = try read(count: min(512, size - searched), at: searched)
                if let newline = window.firstIndex(of: UInt8(ascii: "\n")) {
                    start = searched + newline + 1
                    break
                }
                searched += window.count
            }
        }
        guard start < size else { return nil }
        var bytes: [UInt8] = []
        var searched = start
        while true {
            let window = try read(count: min(512, size - searched), at: searched)
            guard !window.isEmpty else {
                throw DictionaryError(path: path, problem: "shorter than when it was opened")
            }
            if let newline = window.firstIndex(of: UInt8(ascii: "\n")) {
                bytes += window[..<newline]
                return Line(start: start, bytes: bytes)
            }
            bytes += window
            searched += window.count
            guard bytes.count <= 65536 else { throw DictionaryError(path: path, problem: "a line at \(start) runs past 64 KB") }
        }
    }

    private func read(count: Int, at offset: Int) throws(DictionaryError) -> [UInt8] {
        do throws(SystemError) {
            return try file.readBytes(count: count, fromOffset: offset)
        } catch {
            throw DictionaryError(path: path, problem: "cannot be read (\(error))")
        }
    }
}
