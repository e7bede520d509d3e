import Raster
import Typesetting

/// What the library shows of a book file before it is opened.
public struct LibraryBookInfo: Equatable, Sendable {
    public var title: String
    public var authors: [String]
    /// The book's own cover picture (an EPUB's), scaled into the cover's
    /// place; nil: a cover is drawn from the title and authors.
    public var coverImage: PixelBuffer?
    /// Why the book cannot be opened; nil when it can.
    public var problem: String?

    public init(title: String, authors: [String] = [], coverImage: PixelBuffer? = nil, problem: String? = nil) {
        self.title = title
        self.authors = authors
        self.coverImage = coverImage
        self.problem = problem
    }

    /// What a screen reader says for the book: title and authors, and why it cannot be opened.
    public var spokenLabel: String {
        var label = authors.isEmpty ? title : title + ", " + authors.joined(separator: ", ")
        if let problem { label += " (cannot be opened: \(problem))" }
        return label
    }
}

/// A kind of book file the library lists. A format reads only a bounded
/// head of a file for its title, authors and cover: listing a library of
/// large books costs no more than listing small ones.
public protocol LibraryBookFormat: Sendable {
    /// True for files of this format, by their name.
    func accepts(fileName: String) -> Bool
    /// What the file at `path` says of itself; never throws: a file that
    /// cannot be read is described with the reason.
    func info(path: String) -> LibraryBookInfo
    /// Bumped when what `info` returns changes, so cached covers are made anew.
    var version: Int { get }
}

extension LibraryBookFormat {
    public var version: Int { 1 }
}

/// A format the reader lists but cannot open yet: each file is shown by
/// its name with the reason.
public struct UnsupportedBookFormat: LibraryBookFormat {
    public let extensions: Set<String>
    public let problem: String

    public init(extensions: Set<String>, problem: String) {
        self.extensions = extensions
        self.problem = problem
    }

    public func accepts(fileName: String) -> Bool { extensions.contains(LibraryFileName.fileExtension(fileName)) }

    public func info(path: String) -> LibraryBookInfo {
        LibraryBookInfo(title: LibraryFileName.title(ofPath: path), problem: problem)
    }

    /// EPUB files, where no format that reads them is given (this module reads only text).
    public static let epub = UnsupportedBookFormat(extensions: ["epub"], problem: "EPUB books cannot be read yet")
}

/// The formats the library lists, in the order they are asked: the
/// first that accepts a file's name describes it. The reader's command
/// gives an EPUB format of its own in place of the unsupported one.
public enum LibraryFormats {
    public static func all(encoding: TextEncoding?) -> [LibraryBookFormat] {
        [TextBookFormat(encoding: encoding), UnsupportedBookFormat.epub]
    }
}

/// File names as the library shows them.
public enum LibraryFileName {
    /// The extension in lower case, without the dot ("" for none).
    public static func fileExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }

    /// The file's name without its folder and extension.
    public static func title(ofPath path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}
