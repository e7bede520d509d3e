import CNettleLoader
import CXML2Loader
import CZipLoader

/// The C libraries an EPUB is read with, loaded with the first book rather
/// than with every reader: libzip for the container, libxml2 for its
/// documents, nettle for obfuscated fonts and inline images.
enum EPUBLibraries {
    /// Loads them (once); throws naming the first that is not installed.
    static func load(forBookAt path: String) throws(EPUBError) {
        guard ebookfb_zip_load() == 1 else { throw .libraryMissing(path: path, library: "libzip (Debian's libzip4)") }
        guard ebookfb_xml_load() == 1 else { throw .libraryMissing(path: path, library: "libxml2 (Debian's libxml2)") }
        guard ebookfb_nettle_load() == 1 else { throw .libraryMissing(path: path, library: "nettle (Debian's libnettle8)") }
    }
}
