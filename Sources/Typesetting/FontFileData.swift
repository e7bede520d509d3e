import CFreeType
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
    /// HarfBuzz's face over the bytes (nil for WOFF, whose tables come
    /// through each FreeType face), shared by every font made from it at
    /// any size on any thread: a face is immutable and loads its tables and
    /// shaping accelerators lazily with atomic operations, so one copy of
    /// the GSUB and GPOS accelerators serves every typesetter instead of
    /// one per typesetter and size.
    let sharedFace: OpaquePointer?

    init(file: FontFile) throws {
        guard let blob = hb_blob_create_from_file_or_fail(file.path) else {
            throw TypesettingError.fontUnavailable(path: file.path, reason: "no such file or it cannot be read")
        }
        self.file = file
        self.blob = blob
        sharedFace = Self.face(blob: blob, file: file)
    }

    /// A font the book brings, from its bytes (copied).
    init(file: FontFile, bytes: [UInt8]) throws {
        let made = bytes.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            guard let base = buffer.baseAddress else { return nil }
            return base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                hb_blob_create($0, UInt32(buffer.count), HB_MEMORY_MODE_DUPLICATE, nil, nil)
            }
        }
        guard let blob = made, hb_blob_get_length(blob) == UInt32(bytes.count) else {
            made.map { hb_blob_destroy($0) }
            throw TypesettingError.fontUnavailable(path: file.path, reason: "empty or unreadable")
        }
        self.file = file
        self.blob = blob
        sharedFace = Self.face(blob: blob, file: file)
    }

    deinit {
        sharedFace.map { hb_face_destroy($0) }
        hb_blob_destroy(blob)
    }

    /// HarfBuzz's face over an OpenType or TrueType file (or collection),
    /// which HarfBuzz reads itself; nil for WOFF and WOFF2, whose tables it
    /// gets through FreeType, which unpacks them.
    private static func face(blob: OpaquePointer, file: FontFile) -> OpaquePointer? {
        var length: UInt32 = 0
        guard let base = hb_blob_get_data(blob, &length).map({ UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) }),
              length >= 4 else { return nil }
        let tag = UInt32(base[0]) << 24 | UInt32(base[1]) << 16 | UInt32(base[2]) << 8 | UInt32(base[3])
        let isSFNT = tag == 0x0001_0000 || tag == 0x4F54_544F || tag == 0x7472_7565 || tag == 0x7474_6366
        return isSFNT ? hb_face_create(blob, UInt32(file.index)) : nil
    }

    /// Throws unless FreeType opens the bytes as a font.
    func check() throws {
        let library = try FreeTypeLibrary()
        var face: FT_Face? = nil
        let (base, count) = bytes
        let error = FT_New_Memory_Face(library.handle, base, FT_Long(count), FT_Long(file.index), &face)
        guard error == 0, let face else {
            throw TypesettingError.fontUnavailable(path: file.path, reason: FreeTypeLibrary.describe(error))
        }
        FT_Done_Face(face)
    }

    /// The bytes; valid while this object lives.
    var bytes: (base: UnsafePointer<UInt8>?, count: Int) {
        var length: UInt32 = 0
        let data = hb_blob_get_data(blob, &length)
        return (data.map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) }, Int(length))
    }
}
