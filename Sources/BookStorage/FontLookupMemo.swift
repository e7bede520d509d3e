import BookModel
import Glibc
import LinuxSystem
import Typesetting

/// Fonts found through fontconfig, remembered between starts in the
/// reader's cache folder: fontconfig reads its whole configuration (dozens
/// of files, 10 ms and more) to answer one question, and the first page
/// would wait for it. An answer is used again only while everything it
/// could depend on is as it was: fontconfig's configuration and caches, the
/// font folders and the font file (their sizes and times). Anything else
/// is a miss, which costs only the lookup; writing is best effort.
public struct FontLookupMemo: FontLookupRemembering {
    public let directory: String

    public init(directory: String) { self.directory = directory }

    var path: String { directory + "/font-lookups" }

    /// The file remembered for `family`, when nothing it depends on changed.
    public func file(forFamily family: String) -> FontFile? {
        guard let bytes = try? FileDescriptor.readFile(path) else { return nil }
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 4, fields[0] == family, let index = Int(fields[2]) else { continue }
            let file = FontFile(path: String(fields[1]), index: index)
            return fields[3] == Self.signature(of: file) ? file : nil
        }
        return nil
    }

    /// Remembers `file` as fontconfig's answer for `family`.
    public func remember(_ file: FontFile, forFamily family: String) {
        guard !family.contains("\t"), !family.contains("\n"), !file.path.contains("\t"), !file.path.contains("\n") else { return }
        var lines = ((try? FileDescriptor.readFile(path)).map { String(decoding: $0, as: UTF8.self) } ?? "")
            .split(separator: "\n").filter { !$0.hasPrefix(family + "\t") }.map(String.init)
        lines.append([family, file.path, String(file.index), Self.signature(of: file)].joined(separator: "\t"))
        do throws(SystemError) {
            try FileSystem.createDirectories(directory)
            try AtomicFile.replace(path: path, contents: Array((lines.joined(separator: "\n") + "\n").utf8),
                                   durability: .cached)
        } catch {}
    }

    /// What fontconfig's answer depends on, as it is now, hashed.
    static func signature(of file: FontFile) -> String {
        var text = ""
        for path in watchedPaths + [file.path] {
            var info = stat()
            text += stat(path, &info) == 0
                ? "\(path) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_ino)\n" : "\(path) -\n"
        }
        return String(Array(text.utf8).withUnsafeBytes(ByteHash.hash64), radix: 16)
    }

    /// fontconfig's configuration and cache folders and the usual font
    /// folders: installing or removing a font, or changing the
    /// configuration, changes one of them.
    static var watchedPaths: [String] {
        var paths = ["/etc/fonts", "/etc/fonts/fonts.conf", "/etc/fonts/conf.d", "/etc/fonts/local.conf",
                     "/var/cache/fontconfig", "/usr/share/fonts", "/usr/local/share/fonts"]
        if let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty {
            paths += [home + "/.config/fontconfig", home + "/.local/share/fonts", home + "/.fonts", home + "/.cache/fontconfig"]
        }
        if let config = getenv("XDG_CONFIG_HOME").map({ String(cString: $0) }), !config.isEmpty {
            paths.append(config + "/fontconfig")
        }
        if let data = getenv("XDG_DATA_HOME").map({ String(cString: $0) }), !data.isEmpty { paths.append(data + "/fonts") }
        return paths
    }
}
