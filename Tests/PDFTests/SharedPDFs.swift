import Glibc

/// The shared sample PDFs beside the repository; tests using them skip when they are absent.
enum SharedPDFs {
    static var root: String {
        var path = #filePath
        for _ in 0..<4 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path + "/shared/pdf"
    }

    static func path(_ name: String) -> String { root + "/" + name }

    static func exists(_ name: String) -> Bool { access(path(name), R_OK) == 0 }
}
