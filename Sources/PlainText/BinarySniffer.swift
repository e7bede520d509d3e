/// Tells a binary file from text before any decoding, so a PNG, an ELF or an
/// EPUB is refused with a name for what it is instead of typeset as garbage.
enum BinarySniffer {
    private static let signatures: [(prefix: [UInt8], kind: String)] = [
        ([0x7F, 0x45, 0x4C, 0x46], "an ELF executable"),
        ([0x89, 0x50, 0x4E, 0x47], "a PNG image"),
        ([0xFF, 0xD8, 0xFF], "a JPEG image"),
        (Array("GIF8".utf8), "a GIF image"),
        (Array("%PDF".utf8), "a PDF document"),
        ([0x50, 0x4B, 0x03, 0x04], "a ZIP archive (an EPUB is one)"),
        ([0x1F, 0x8B], "a gzip archive"),
        (Array("BZh".utf8), "a bzip2 archive"),
        ([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00], "an xz archive"),
        ([0x28, 0xB5, 0x2F, 0xFD], "a zstd archive"),
        (Array("7z".utf8) + [0xBC, 0xAF], "a 7-Zip archive"),
        ([0x00, 0x61, 0x73, 0x6D], "a WebAssembly module"),
        (Array("OggS".utf8), "an Ogg media file"),
        (Array("fLaC".utf8), "a FLAC audio file"),
        (Array("ID3".utf8), "an MP3 audio file"),
        (Array("RIFF".utf8), "a RIFF media file"),
        (Array("SQLite format 3".utf8), "an SQLite database"),
        ([0xCA, 0xFE, 0xBA, 0xBE], "a Mach-O or Java class file"),
        (Array("!<arch>".utf8), "an ar archive"),
    ]

    /// How many leading bytes are inspected for control bytes.
    static let sampleLength = 64 * 1024

    /// A description of the binary format, or nil when the bytes may be text.
    static func binaryKind(of bytes: UnsafeBufferPointer<UInt8>, isUTF16: Bool) -> String? {
        for (prefix, kind) in signatures where bytes.starts(with: prefix) {
            return kind
        }
        if isUTF16 { return nil }
        let sample = UnsafeBufferPointer(rebasing: bytes.prefix(sampleLength))
        var controls = 0
        for byte in sample {
            if byte == 0 { return "a binary file (it contains NUL bytes)" }
            if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D, byte != 0x0C, byte != 0x1B {
                controls += 1
            }
        }
        // Text files carry at most a stray control byte; binaries carry many.
        if sample.count > 0, controls * 100 > sample.count * 2 {
            return "a binary file (\(controls) control bytes in the first \(sample.count))"
        }
        return nil
    }
}
