import Glibc

/// Where the shared test books are, from the package's root.
enum SharedCorpus {
    static var root: String {
        var path = #filePath
        for _ in 0..<4 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path + "/shared/epub"
    }

    static var samples: String { root + "/samples" }
    static var w3c: String { root + "/w3c" }

    static func exists(_ path: String) -> Bool { access(path, R_OK) == 0 }
}
