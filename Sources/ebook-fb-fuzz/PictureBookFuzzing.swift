import BookModel
import Comics
import ImageDecoding
import PDF

/// Books of pictures: a PDF and a comic archive as whole files, and a
/// comic's ComicInfo.xml. Whatever the bytes, a book that opens is
/// consistent: every page has a size, drawing comes at the size asked for
/// or not at all, contents and links go to pages of the book.
enum PictureBookFuzzing {
    /// The input as a PDF: its first pages read with their text and drawn small.
    static func pdf(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let pages = try? PDFPages(path: FuzzTarget.writeScratch(bytes, suffix: ".pdf")) else { return }
        FuzzTarget.require(pages.pageCount > 0, "a PDF that opens has a page")
        let names = Set((0..<pages.pageCount).map(PDFPages.pageName))
        for index in 0..<min(pages.pageCount, 3) {
            let (page, _) = pages.page(index, withText: true)
            checkSize(page)
            for link in page.links { FuzzTarget.require(names.contains(link.target), "links go to pages of the book") }
            guard case let .drawn(reference) = page.content else {
                return FuzzTarget.require(false, "a PDF page draws itself")
            }
            if let pixels = reference.drawing.draw(x: 0, y: 0, width: 31, height: 17, scale: 0.1) {
                FuzzTarget.require(pixels.count == 31 * 17, "a drawing comes at the size asked for")
            }
        }
        for entry in pages.contents { FuzzTarget.require(names.contains(entry.target), "contents go to pages of the book") }
        if let labels = pages.pageLabels { FuzzTarget.require(labels.count == pages.pageCount, "one label a page") }
    }

    /// The input as a comic archive (whatever libarchive opens): its pages
    /// in order, the first decoded small.
    static func comic(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let comic = try? ComicBook(path: FuzzTarget.writeScratch(bytes, suffix: ".cbz")) else { return }
        FuzzTarget.require(Set(comic.pageNames).count == comic.pageNames.count, "each page once")
        FuzzTarget.require((0..<max(1, comic.pageCount)).contains(comic.coverPage), "the cover is a page")
        for index in 0..<min(comic.pageCount, 3) {
            let (page, text) = comic.page(index, withText: true)
            checkSize(page)
            FuzzTarget.require(text.isEmpty, "a comic page has no text")
            guard case let .image(resource) = page.content, let resources = comic.resources else {
                return FuzzTarget.require(false, "a comic page is an image of the archive")
            }
            if let data = try? resources.data(of: resource, limit: 1 << 22),
               let image = try? ImageDecoder.decode(data, width: 29, height: 41) {
                FuzzTarget.require(image.pixels.count == 29 * 41, "a page comes at the size drawn")
            }
        }
    }

    /// The input as a ComicInfo.xml.
    static func comicInfo(_ bytes: UnsafeBufferPointer<UInt8>) {
        let info = ComicInfo(xml: Array(bytes))
        FuzzTarget.require(Set(info.authors).count == info.authors.count, "each author once")
        FuzzTarget.require(info.authors.allSatisfy { !$0.isEmpty }, "no empty author")
        FuzzTarget.require((info.coverPage ?? 0) >= 0, "the cover page counts from 0")
        if let title = info.shownTitle { FuzzTarget.require(!title.isEmpty, "a title shown is not empty") }
    }

    private static func checkSize(_ page: FixedPage) {
        FuzzTarget.require(page.width >= 1 && page.height >= 1 && page.width.isFinite && page.height.isFinite,
                           "a page has a size")
    }
}
