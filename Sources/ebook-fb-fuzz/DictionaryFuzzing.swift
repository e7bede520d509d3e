import Dictionaries
import Glibc

/// A dictionary from outside: the input cut at its first NUL byte into an
/// index and the text it points into, read as a dictd database (`.index`
/// and `.dict`) and as a StarDict one (`.idx` and `.dict`, with an `.ifo`
/// of ours); words looked up in it. Whatever the bytes, a lookup ends, and
/// what it finds is an entry with a headword, or a damage said of the file.
enum DictionaryFuzzing {
    static func lookUp(_ bytes: UnsafeBufferPointer<UInt8>) {
        let cut = bytes.firstIndex(of: 0) ?? bytes.count
        let index = UnsafeBufferPointer(rebasing: bytes[..<cut])
        let text = UnsafeBufferPointer(rebasing: bytes[min(bytes.count, cut + 1)...])
        let base = FuzzTarget.scratchPath(suffix: "-dictionary")
        write(index, to: base + ".index")
        write(text, to: base + ".dict")
        write(index, to: base + ".idx")
        let info = "StarDict's dict ifo file\nversion=2.4.2\nwordcount=3\nidxfilesize=\(index.count)\nbookname=Fuzz\n"
            + "sametypesequence=m\n"
        info.utf8CString.withUnsafeBufferPointer { characters in
            characters.withMemoryRebound(to: UInt8.self) { write(UnsafeBufferPointer(rebasing: $0.dropLast()), to: base + ".ifo") }
        }
        // The first word the index names, and words any dictionary might hold.
        let first = String(decoding: index.prefix { $0 != 9 && $0 != 0 && $0 != 10 }.prefix(64), as: UTF8.self)
        for file in [base + ".index", base + ".ifo"] {
            let shelf = DictionaryShelf(files: [file], folders: [], stemmerFolders: [])
            for word in [first, "whale", "a", "Éé"] {
                let found = shelf.lookUp(word)
                for entry in found.entries { FuzzTarget.require(!entry.headword.isEmpty, "an entry has a headword") }
                for problem in found.skipped { FuzzTarget.require(problem.path.hasPrefix(base), "a damage names a file of the dictionary") }
            }
        }
    }

    private static func write(_ bytes: UnsafeBufferPointer<UInt8>, to path: String) {
        let written = FuzzTarget.writeScratch(bytes, suffix: "")
        guard rename(written, path) == 0 else { return FuzzTarget.require(false, "the scratch file is renamed") }
    }
}
