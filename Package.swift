// swift-tools-version:6.0
import PackageDescription

/// C libraries come from Debian packages and are found with pkg-config.
func systemLibrary(_ name: String, pkgConfig: String, apt: String) -> Target {
    .systemLibrary(name: name, pkgConfig: pkgConfig, providers: [.apt([apt])])
}

/// The folder this manifest is in: the linker is not run from it.
let packageFolder = String(#filePath.dropLast("/Package.swift".count))

let package = Package(
    name: "ebook-fb",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "ebook-fb", targets: ["ebook-fb"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        systemLibrary("CFreeType", pkgConfig: "freetype2", apt: "libfreetype-dev"),
        systemLibrary("CHarfBuzz", pkgConfig: "harfbuzz", apt: "libharfbuzz-dev"),
        systemLibrary("CFontconfig", pkgConfig: "fontconfig", apt: "libfontconfig-dev"),
        systemLibrary("CPNG", pkgConfig: "libpng", apt: "libpng-dev"),
        systemLibrary("CJPEG", pkgConfig: "libjpeg", apt: "libjpeg62-turbo-dev"),
        // giflib's and libwebp's encoders, for tests that make images to decode.
        systemLibrary("CGIF", pkgConfig: "libgif", apt: "libgif-dev"),
        systemLibrary("CWebP", pkgConfig: "libwebp", apt: "libwebp-dev"),
        systemLibrary("CDRM", pkgConfig: "libdrm", apt: "libdrm-dev"),
        systemLibrary("CFriBidi", pkgConfig: "fribidi", apt: "libfribidi-dev"),
        systemLibrary("CZip", pkgConfig: "libzip", apt: "libzip-dev"),
        // libarchive's writer, for tests that make comic archives.
        systemLibrary("CArchive", pkgConfig: "libarchive", apt: "libarchive-dev"),
        systemLibrary("CZlib", pkgConfig: "zlib", apt: "zlib1g-dev"),
        // libcurl loaded with the first transfer (its headers from libcurl4-openssl-dev).
        .target(name: "CCurl"),
        // libhyphen-dev has no pkg-config file.
        .systemLibrary(name: "CHyphen", providers: [.apt(["libhyphen-dev"])]),
        // ICU's renamed C symbols need wrappers (UAX #14 and dictionary line breaking,
        // charset conversion, and charset detection from libicui18n loaded when needed).
        .target(name: "CICU", linkerSettings: [.linkedLibrary("icuuc")]),
        // libpng and libjpeg report errors by longjmp, which Swift cannot catch: their row readers are in C.
        .target(name: "CImageCodecs", dependencies: ["CPNG", "CJPEG"],
                linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("jpeg")]),
        // PDF through MuPDF, which reports errors by longjmp: every call goes through this C target.
        // Debian's libmupdf-dev is static; the libraries it needs are found by their runtime
        // names, their -dev packages holding nothing it uses.
        .target(name: "CMuPDF",
                linkerSettings: [.linkedLibrary("mupdf"), .linkedLibrary("mupdf-third"), .linkedLibrary(":libmujs.so.2"),
                                 .linkedLibrary(":libgumbo.so.1"), .linkedLibrary(":libopenjp2.so.7"),
                                 .linkedLibrary(":libjbig2dec.so.0"), .linkedLibrary("jpeg"), .linkedLibrary("z"),
                                 .linkedLibrary("m"), .linkedLibrary("freetype"), .linkedLibrary("harfbuzz")]),
        // libzip loaded when the first EPUB is opened, not with every reader
        // (it brings libcrypto); libzip's header gives the types.
        .target(name: "CZipLoader"),
        // libxml2 loaded when the first EPUB, catalog or markup definition is parsed; its headers
        // (libxml2-dev, under /usr/include/libxml2) through the `libxml` link in the target's include folder.
        .target(name: "CXML2Loader"),
        // nettle (SHA-1 and base64) loaded with the first EPUB; nettle-dev's headers give the types.
        .target(name: "CNettleLoader"),
        // libarchive (with libzstd, liblz4, libbz2, liblzma, libacl) loaded when the first comic
        // archive is opened; libarchive-dev's headers give the types.
        .target(name: "CArchiveLoader"),
        // hunspell loaded with the first stemming dictionary; libhunspell-dev's header gives the types.
        .target(name: "CHunspellLoader"),
        // giflib and libwebp loaded with the first GIF or WebP image; their -dev packages' headers give the types.
        .target(name: "CGIFLoader"),
        .target(name: "CWebPLoader"),
        // librsvg (with cairo, GLib and Pango) loaded when the first SVG is drawn, not with every reader.
        .target(name: "CSVGLoader"),
        // espeak-ng (with PulseAudio, libsndfile, X11, ...) and ALSA loaded when a book is first
        // read aloud, not with every reader; libespeak-ng-dev's and libasound2-dev's headers give the types.
        .target(name: "CSpeechLoader"),
        // gettext catalogs (.po) read by libgettextpo (with libunistring), loaded with the first
        // catalog; its fatal-error handler must not return: the reading stays in C.
        // libgettextpo-dev's header gives the types.
        .target(name: "CGettextPoLoader"),
        // Kernel interfaces Swift cannot import directly (ioctl numbers built by macros).
        .target(name: "CLinux"),

        // Every system call of the other modules goes through here: typed errors, EINTR retried.
        .target(name: "LinuxSystem", dependencies: ["CLinux"]),
        .target(name: "Threading", dependencies: ["CLinux"]),
        // Images' sizes from their headers, and their pixels decoded at the size they are drawn.
        .target(name: "ImageDecoding", dependencies: ["Geometry", "CImageCodecs", "CGIFLoader", "CWebPLoader", "CSVGLoader"]),
        // The book every format produces and typesetting reads: text, paragraphs, chapters, the
        // document model, places in a book, page geometry, and the format protocol.
        .target(name: "BookModel", dependencies: ["Threading"]),
        // Fonts, shaping, bidi, line breaking, hyphenation and pagination of a BookModel book.
        .target(name: "Typesetting", dependencies: ["BookModel", "Threading", "Geometry", "ImageDecoding", "CFreeType", "CHarfBuzz", "CFontconfig", "CFriBidi", "CHyphen", "CICU"]),
        // The files the reader reads and keeps beside the books: book files, snapshot caches, its folders.
        .target(name: "BookStorage", dependencies: ["BookModel", "Typesetting", "LinuxSystem"]),
        // Plain-text books: charsets, Project Gutenberg and Aozora Bunko conventions, paragraphs, chapters.
        .target(name: "PlainText", dependencies: ["BookModel", "BookStorage", "CICU"]),
        .target(name: "Raster", dependencies: ["BookModel", "Typesetting", "ImageDecoding", "Geometry", "CFreeType", "CPNG"]),
        // A subset of CSS: style sheets, selectors, the cascade and computed values. Pure Swift.
        .target(name: "StyleSheets"),
        // EPUB books read into the document model: the container, the package, content documents.
        .target(name: "EPUB", dependencies: ["BookModel", "Typesetting", "ImageDecoding", "StyleSheets", "LinuxSystem", "Threading", "CZipLoader", "CXML2Loader",
                                             "CNettleLoader", "CFreeType"]),
        // Comic books: the images of an archive libarchive opens (CBZ, CBT, CB7, CBR) or of a folder.
        .target(name: "Comics", dependencies: ["BookModel", "ImageDecoding", "LinuxSystem", "Threading", "CArchiveLoader"]),
        // PDF books through MuPDF: each page a fixed page drawn by MuPDF, with its text, links and labels.
        .target(name: "PDF", dependencies: ["BookModel", "BookStorage", "Threading", "CMuPDF"]),
        // Dictionaries (dictd, StarDict) read lazily from their index files, with hunspell's stems.
        .target(name: "Dictionaries", dependencies: ["LinuxSystem", "CZlib", "CHunspellLoader", "CXML2Loader"]),
        // The interface's languages: gettext catalogs, plural forms, and numbers and dates through ICU.
        .target(name: "Languages", dependencies: ["CGettextPoLoader", "CICU", "LinuxSystem"]),
        // Speech: espeak-ng's voices behind one owner, sentences by ICU, and the sinks PCM goes to (ALSA, WAV).
        .target(name: "Speech", dependencies: ["CSpeechLoader", "CICU", "LinuxSystem", "Threading"]),
        // Every format the reader knows, and the one place a book file's format is chosen.
        .target(name: "BookFormats", dependencies: ["BookModel", "BookStorage", "Comics", "EPUB", "LinuxSystem", "PDF", "PlainText"]),
        // HTTP through libcurl: bounded transfers into memory or a file, resumed, authenticated.
        .target(name: "Network", dependencies: ["CCurl", "LinuxSystem"]),
        // OPDS catalogs (Atom and JSON), downloads that open as books, and a shelf kept in step with a feed.
        .target(name: "Catalogs", dependencies: ["Network", "BookFormats", "BookModel", "LinuxSystem", "CXML2Loader"]),
        // Finding a query in a book's text: case and accents folded (ICU), hits streamed in book order.
        .target(name: "Search", dependencies: ["BookModel", "Threading", "CICU"]),
        // The conformance suites: Unicode's line breaking and bidi test files through the
        // typesetter, and the W3C EPUB reading-system tests judged by what the reader shows.
        .target(name: "Conformance", dependencies: ["BookModel", "EPUB", "Typesetting", "Raster", "Reader", "LinuxSystem"]),
        // Points, sizes, rectangles, rotations and finger velocity: plain arithmetic, no dependencies.
        .target(name: "Geometry"),
        .target(name: "Scrolling", dependencies: ["Geometry"]),
        .target(name: "Gestures", dependencies: ["Geometry"]),
        // The narrow boundaries between the reader and hardware: Display, InputSource, the loop's clock.
        .target(name: "Devices", dependencies: ["Geometry", "Gestures"]),
        .target(name: "LinuxInput", dependencies: ["CLinux", "LinuxSystem", "Threading", "Geometry", "Gestures", "Devices"]),
        .target(name: "LinuxDisplay", dependencies: ["CDRM", "CLinux", "LinuxSystem", "Geometry", "Devices"]),
        .target(name: "Reader", dependencies: ["Threading", "BookModel", "BookFormats", "BookStorage", "ImageDecoding", "Typesetting", "Raster", "Geometry", "Scrolling", "Gestures", "Devices", "LinuxSystem", "Search", "Dictionaries",
                                        "Languages", "Speech", "Catalogs", "Network"]),
        // Runs of the reader loop for tooling: the trace's scene and its JSON, the soak.
        .target(name: "ReaderTools", dependencies: ["Reader", "Raster", "Devices", "Geometry", "Gestures", "Scrolling"]),
        // The developer commands' work: trace, soak, shape (HarfBuzz alone, as hb-shape
        // prints it) and inject (a uinput touchscreen).
        .target(name: "DeveloperTools", dependencies: ["BookModel", "ReaderTools", "Reader", "Typesetting", "Devices", "Geometry", "Gestures",
                                                       "LinuxInput", "LinuxSystem", "CHarfBuzz"]),
        // The benchmark: every figure of the performance budgets, measured in fresh
        // processes of the executable, judged against the budgets file.
        .target(name: "Benchmarks", dependencies: ["BookModel", "BookFormats", "Dictionaries", "Reader", "Typesetting", "Raster", "EPUB", "Devices", "Geometry", "Gestures", "Languages",
                                                   "Scrolling", "Threading", "LinuxDisplay", "LinuxSystem", "Search", "Speech"],
                exclude: ["budgets.txt"]),
        .executableTarget(
            name: "ebook-fb",
            dependencies: [
                "Threading", "Typesetting", "Raster", "Geometry", "Gestures", "Devices", "LinuxInput", "LinuxDisplay", "LinuxSystem", "Reader",
                "BookModel", "BookFormats", "BookStorage", "PlainText", "Dictionaries", "Benchmarks", "Catalogs", "Network", "DeveloperTools", "Conformance", "Search", "Speech",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // The Swift runtime and FoundationEssentials linked in (no module
            // imports Foundation, which would bring ICU's data): a kiosk starts
            // faster (no relocating them at every launch) and with less
            // resident memory, and the binary runs without a Swift toolchain.
            // Its relative relocations packed (DT_RELR): the loader reads a
            // few kilobytes at each start instead of a table of megabytes.
            // Its symbols not exported (the static runtime's arguments ask
            // for that): nothing loads against them, and every library's
            // relocation looked them up, touching a table of 11,000 names.
            // Its code laid out with the functions a reading session runs
            // first, together (code-order.txt): the kernel maps code in 64 KB
            // windows around each page first run, and with those functions
            // spread over the whole text a session kept most of it resident.
            exclude: ["code-order.txt", "record-code-order.sh"],
            linkerSettings: [.unsafeFlags(["-static-stdlib", "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                                           "-Xlinker", "--no-export-dynamic",
                                           "-Xlinker", "--symbol-ordering-file=\(packageFolder)/Sources/ebook-fb/code-order.txt",
                                           "-Xlinker", "--no-warn-symbol-ordering"],
                                          .when(configuration: .release))]
        ),
        // What only tests use: golden images, PNG reading, replaying recordings in real time.
        .target(name: "TestSupport", dependencies: ["CPNG", "CZip", "BookModel", "Raster", "Typesetting", "Threading"]),
        // Fuzz targets: an ordinary build replays inputs from files; built
        // with -sanitize=fuzzer and -DFUZZING it is a libFuzzer binary.
        .executableTarget(name: "ebook-fb-fuzz", dependencies: ["CLinux", "Geometry", "BookModel", "PlainText", "Typesetting", "ImageDecoding", "LinuxInput", "Reader", "EPUB",
                                                                "StyleSheets", "TestSupport", "LinuxSystem", "PDF", "Comics", "Dictionaries"]),

        .testTarget(name: "LinuxSystemTests", dependencies: ["LinuxSystem"]),
        .testTarget(name: "ThreadingTests", dependencies: ["Threading", "LinuxSystem"]),
        // The command line: options, their validation and the settings they make; the library's EPUB format.
        .testTarget(name: "EbookFBTests", dependencies: ["ebook-fb", "Reader", "BookModel", "BookFormats", "Typesetting", "EPUB", "Raster", "TestSupport",
                                                         .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .testTarget(name: "ImageDecodingTests", dependencies: ["Geometry", "ImageDecoding", "CPNG", "CJPEG", "CGIF", "CWebP"]),
        .testTarget(name: "TypesettingTests", dependencies: ["BookModel", "BookStorage", "PlainText", "Typesetting", "Threading", "CHarfBuzz", "CHyphen", "TestSupport"]),
        .testTarget(name: "PlainTextTests", dependencies: ["BookModel", "BookStorage", "PlainText", "Typesetting"]),
        .testTarget(name: "BookStorageTests", dependencies: ["BookStorage", "Typesetting", "Threading"]),
        .testTarget(name: "RasterTests", dependencies: ["Geometry", "BookModel", "PlainText", "Raster", "Typesetting", "ImageDecoding", "CFreeType", "TestSupport"], exclude: ["Goldens"]),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(name: "StyleSheetsTests", dependencies: ["StyleSheets"]),
        .testTarget(name: "ConformanceTests", dependencies: ["Conformance"]),
        .testTarget(name: "BenchmarksTests", dependencies: ["Benchmarks"]),
        .testTarget(name: "DeveloperToolsTests", dependencies: ["DeveloperTools", "BookModel", "Typesetting"]),
        .testTarget(name: "EPUBTests", dependencies: ["BookModel", "BookFormats", "EPUB", "Conformance", "StyleSheets", "Typesetting", "Raster", "Geometry", "Gestures",
                                                    "TestSupport", "Reader", "Speech"]),
        .testTarget(name: "ComicsTests", dependencies: ["Comics", "BookModel", "BookFormats", "CArchive", "TestSupport"]),
        .testTarget(name: "CatalogsTests", dependencies: ["Catalogs", "Network", "LinuxSystem", "BookFormats", "TestSupport"]),
        .testTarget(name: "PDFTests", dependencies: ["PDF", "BookModel", "BookFormats"]),
        .testTarget(name: "DictionariesTests", dependencies: ["Dictionaries", "CZlib"]),
        .testTarget(name: "LanguagesTests", dependencies: ["Languages"]),
        .testTarget(name: "SpeechTests", dependencies: ["Speech", "Threading"]),
        .testTarget(name: "ScrollingTests", dependencies: ["Geometry", "Scrolling"]),
        .testTarget(name: "GesturesTests", dependencies: ["Geometry", "Gestures"]),
        .testTarget(name: "LinuxInputTests", dependencies: ["Geometry", "LinuxInput", "LinuxSystem", "CLinux", "Gestures", "Devices"]),
        .testTarget(name: "LinuxDisplayTests", dependencies: ["Geometry", "LinuxDisplay", "LinuxSystem", "CLinux", "Devices"]),
        .testTarget(name: "ReaderTests", dependencies: ["Reader", "Threading", "BookModel", "BookFormats", "BookStorage", "PlainText", "Typesetting", "Raster", "Geometry", "Scrolling", "Gestures", "Devices", "LinuxInput", "LinuxSystem", "ReaderTools", "TestSupport",
                                                       "Languages", "Speech", "Catalogs", "Network"], exclude: ["Goldens"]),
    ]
)

// Release builds link the Swift runtime and FoundationEssentials statically (see the
// executable's linker settings); every Swift module is compiled for that
// too, so the libraries each one needs are linked with it.
for target in package.targets where target.type == .regular || target.type == .executable {
    // C targets (CICU, CLinux, ...) take no Swift settings.
    guard !(target.name.first == "C" && target.name.dropFirst().first?.isUppercase == true) else { continue }
    // Each function in a section of its own, so that the link can order them.
    let release = [SwiftSetting.unsafeFlags(["-static-stdlib", "-Xfrontend", "-function-sections"], .when(configuration: .release))]
    target.swiftSettings = (target.swiftSettings ?? []) + release
    if target.type == .executable, target.name != "ebook-fb" {
        target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))]
    }
}
