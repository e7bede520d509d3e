import EPUB
import ImageDecoding
import Raster
import Reader
import Typesetting

/// EPUB books in the library: the title and authors from the package and
/// the book's own cover image (see `EPUBSummary`), decoded no larger than
/// a library cover is drawn. Only the container, the package and the
/// cover are read (the first spine document when no cover is named).
struct EPUBBookFormat: LibraryBookFormat {
    /// The largest a cover is decoded (the library scales it into its
    /// place, which is smaller on any screen up to 15 inches at 4K).
    static let coverBounds = (width: 400, height: 600)

    /// 1 listed EPUBs as books that could not be read yet.
    var version: Int { 2 }

    func accepts(fileName: String) -> Bool { LibraryFileName.fileExtension(fileName) == "epub" }

    func info(path: String) -> LibraryBookInfo {
        let fallback = LibraryFileName.title(ofPath: path)
        let summary: EPUBSummary
        do {
            summary = try EPUBSummary.read(path: path)
        } catch let error as EPUBError {
            return LibraryBookInfo(title: fallback, problem: Self.reason(error))
        } catch {
            return LibraryBookInfo(title: fallback, problem: "\(error)")
        }
        // An empty title or creator element names nothing.
        let title = summary.title.flatMap { $0.isEmpty ? nil : $0 } ?? fallback
        return LibraryBookInfo(title: title, authors: summary.authors.filter { !$0.isEmpty },
                               coverImage: summary.cover.flatMap(Self.coverImage))
    }

    /// The problem in a few words, without the path the row already shows.
    static func reason(_ error: EPUBError) -> String {
        switch error {
        case let .damagedArchive(_, reason): return "a damaged zip archive (\(reason))"
        case .notAnEPUB: return "a zip archive, not an EPUB"
        case .missingContainer: return "an EPUB without META-INF/container.xml"
        case let .missingPackage(_, reason): return reason
        case let .unsupportedCompression(_, entry, method): return "\(entry) is compressed with \(method)"
        case .protected: return "protected by DRM"
        case let .tooLarge(_, reason): return reason
        case .zipLibraryMissing: return "libzip is not installed (Debian's libzip4)"
        }
    }

    /// The cover image decoded within `coverBounds` (never enlarged) and
    /// laid on white, as its transparent parts show on a page; nil when it
    /// cannot be decoded, so a cover is drawn from the title instead.
    static func coverImage(_ bytes: [UInt8]) -> PixelBuffer? {
        guard let info = try? ImageProbe.info(of: bytes), info.width > 0, info.height > 0 else { return nil }
        let scale = min(1, Double(coverBounds.width) / Double(info.width), Double(coverBounds.height) / Double(info.height))
        let width = max(1, Int((Double(info.width) * scale).rounded()))
        let height = max(1, Int((Double(info.height) * scale).rounded()))
        guard let image = try? ImageDecoder.decode(bytes, width: width, height: height),
              image.width > 0, image.height > 0 else { return nil }
        var cover = PixelBuffer(width: image.width, height: image.height)
        for y in 0..<image.height {
            for x in 0..<image.width {
                // Premultiplied: over white each channel gains what the alpha leaves.
                let pixel = image.pixels[y * image.width + x]
                let clear = 255 - pixel >> 24
                let red = min(255, (pixel >> 16 & 0xFF) + clear)
                let green = min(255, (pixel >> 8 & 0xFF) + clear)
                let blue = min(255, (pixel & 0xFF) + clear)
                cover[x, y] = red << 16 | green << 8 | blue
            }
        }
        return cover
    }
}

extension LibraryFormats {
    /// The books the reader lists and opens: plain text and EPUB.
    static func readable(encoding: TextEncoding?) -> [LibraryBookFormat] {
        [TextBookFormat(encoding: encoding), EPUBBookFormat()]
    }
}
