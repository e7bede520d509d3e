import CFreeType

/// Rendered glyph masks kept for reuse, bounded by a byte budget.
///
/// Entries are keyed by the caller's font id, the face's current scale, the
/// glyph and the subpixel phase. When the stored bytes pass the budget, the
/// least recently used entries are dropped until a quarter of the budget is
/// free again, so eviction runs rarely and its cost is spread out.
///
/// Not thread-safe: FreeType faces and this cache must be used from one
/// thread at a time (one cache per rendering thread, or an outside lock).
public final class GlyphCache {
    public struct Key: Hashable, Sendable {
        public let fontID: Int
        /// The face's 16.16 scales: they pin down the size exactly, where
        /// the rounded pixels-per-em would merge fractional sizes.
        public let xScale: Int
        public let yScale: Int
        public let pixelsPerEm: Int
        public let glyph: UInt32
        public let phase: UInt8

        /// Two words instead of six fields: lookups happen once per glyph drawn.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(UInt64(glyph) | UInt64(phase) << 32 | UInt64(UInt16(truncatingIfNeeded: pixelsPerEm)) << 40
                | UInt64(UInt8(truncatingIfNeeded: fontID)) << 56)
            hasher.combine((fontID &* 31 &+ xScale) ^ (yScale << 20))
        }
    }

    private struct Entry {
        let bitmap: GlyphBitmap
        var lastUse: UInt64
    }

    /// The glyphs looked up last, one per slot: a page draws its few hundred
    /// distinct glyphs thousands of times, and a slot is found without
    /// hashing the key. Their uses are handed back to `entries` when they
    /// leave a slot and before any eviction.
    private struct Recent {
        let key: Key
        let bitmap: GlyphBitmap
        var lastUse: UInt64
    }
    private static let recentSlotBits = 10
    @exclusivity(unchecked) private var recent = [Recent?](repeating: nil, count: 1 << recentSlotBits)

    /// Bookkeeping cost charged per entry on top of its coverage bytes.
    public static let entryOverheadBytes = 64

    public let byteBudget: Int
    public private(set) var byteCount = 0
    @exclusivity(unchecked) public private(set) var hits = 0
    public private(set) var misses = 0
    public private(set) var evictions = 0

    // The class is single-threaded by contract, so the runtime exclusivity
    // checks on these hot properties would only cost time on every lookup.
    @exclusivity(unchecked) private var entries: [Key: Entry] = [:]
    @exclusivity(unchecked) private var useClock: UInt64 = 0

    public init(byteBudget: Int = 8 << 20) {
        precondition(byteBudget > 0, "glyph cache budget must be positive")
        self.byteBudget = byteBudget
    }

    public var count: Int { entries.count }

    /// The mask for `glyph` of `face` at `phase`, rendered on a miss.
    ///
    /// `face` must already be sized (`FT_Set_Pixel_Sizes`/`FT_Set_Char_Size`)
    /// and have no transform set; `fontID` must be unique per face.
    /// `emboldening` thickens the outline (a synthesised bold face, whose
    /// `fontID` is its own).
    public func bitmap(face: FT_Face, fontID: Int, glyph: UInt32, phase: Int, emboldening: Int32 = 0) throws -> GlyphBitmap {
        precondition((0..<GlyphRasterizer.subpixelPhases).contains(phase), "subpixel phase \(phase) out of range")
        let key = try Self.key(face: face, fontID: fontID, glyph: glyph, phase: phase)
        useClock &+= 1
        let slot = Self.recentSlot(of: key)
        if let found = recent[slot], found.key == key {
            hits += 1
            recent[slot]?.lastUse = useClock
            return found.bitmap
        }
        if let index = entries.index(forKey: key) {
            hits += 1
            entries.values[index].lastUse = useClock
            let bitmap = entries.values[index].bitmap
            remember(key, bitmap, in: slot)
            return bitmap
        }
        misses += 1
        let bitmap = try GlyphRasterizer.render(face: face, glyph: glyph, phase: phase, emboldening: emboldening)
        entries[key] = Entry(bitmap: bitmap, lastUse: useClock)
        byteCount += Self.cost(of: bitmap)
        if byteCount > byteBudget { evictLeastRecentlyUsed() }
        remember(key, bitmap, in: slot)
        return bitmap
    }

    /// Puts a glyph in its slot of `recent`, handing the last use of the
    /// one it replaces back to the entries.
    private func remember(_ key: Key, _ bitmap: GlyphBitmap, in slot: Int) {
        if let replaced = recent[slot] { handBackUse(of: replaced) }
        recent[slot] = Recent(key: key, bitmap: bitmap, lastUse: useClock)
    }

    /// Gives the entry of a glyph leaving `recent` the use it had there.
    private func handBackUse(of remembered: Recent) {
        guard let index = entries.index(forKey: remembered.key) else { return }
        entries.values[index].lastUse = max(entries.values[index].lastUse, remembered.lastUse)
    }

    /// A slot of `recent` from the glyph, phase and font: a multiply and a shift.
    private static func recentSlot(of key: Key) -> Int {
        let mixed = (UInt64(key.glyph) << 8 | UInt64(key.phase) << 4 | UInt64(UInt8(truncatingIfNeeded: key.fontID)))
            &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> UInt64(64 - recentSlotBits))
    }

    /// Whether a mask for this glyph is cached; does not count as a use.
    public func contains(face: FT_Face, fontID: Int, glyph: UInt32, phase: Int) -> Bool {
        guard let key = try? Self.key(face: face, fontID: fontID, glyph: glyph, phase: phase) else { return false }
        return entries[key] != nil
    }

    public func removeAll() {
        entries.removeAll()
        forgetRecent()
        byteCount = 0
    }

    /// Empties `recent`, handing its uses back to the entries first.
    private func forgetRecent() {
        for slot in recent.indices {
            if let remembered = recent[slot] { handBackUse(of: remembered) }
            recent[slot] = nil
        }
    }

    static func cost(of bitmap: GlyphBitmap) -> Int {
        bitmap.coverage.count + entryOverheadBytes
    }

    private static func key(face: FT_Face, fontID: Int, glyph: UInt32, phase: Int) throws -> Key {
        guard let size = face.pointee.size else {
            throw GlyphRenderingError(operation: "reading the face size (face not sized)", glyph: glyph, code: -1)
        }
        let metrics = size.pointee.metrics
        return Key(
            fontID: fontID, xScale: Int(metrics.x_scale), yScale: Int(metrics.y_scale),
            pixelsPerEm: Int(metrics.y_ppem), glyph: glyph, phase: UInt8(clamping: phase))
    }

    private func evictLeastRecentlyUsed() {
        forgetRecent()
        let target = byteBudget - byteBudget / 4
        let oldestFirst = entries.sorted { $0.value.lastUse < $1.value.lastUse }
        for (key, entry) in oldestFirst {
            if byteCount <= target { break }
            entries[key] = nil
            byteCount -= Self.cost(of: entry.bitmap)
            evictions += 1
        }
    }
}
