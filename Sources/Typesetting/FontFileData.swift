import CHarfBuzz

/// A font file's bytes, mapped once and shared by every face opened on it
/// at any size, by every typesetter on any thread: FreeType and HarfBuzz
/// only read them, and HarfBuzz counts the blob's references atomically.
/// Without it each face mapped the file twice (once per library), and a
/// reader with three typesetters held eighteen mappings of one font.
final class FontFileData: @unchecked Sendable {
    let file: FontFile
    /// hb_blob_t over the file's bytes.
    let blob: OpaquePointer

    init(file: FontFile) throws {
        guard let blob = hb_blob_create_from_file_or_fail(file.path) else {
            throw TypesettingError.fontUnavailable(path: file.path, reason: "no such file or it cannot be read")
        }
        self.file = file
        self.blob = blob
    }

    deinit { hb_blob_destroy(blob) }

    /// The bytes; valid while this object lives.
    var bytes: (base: UnsafePointer<UInt8>?, count: Int) {
        var length: UInt32 = 0
        let data = hb_blob_get_data(blob, &length)
        return (data.map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) }, Int(length))
    }
}
