import Raster

/// Drawn tiles, bounded in bytes: past the bound the tile used longest
/// ago goes first. A tile is used when a frame shows it.
struct TileCache {
    private struct Entry {
        var pixels: PixelBuffer
        var lastUse: Int
    }

    let byteBudget: Int
    private var entries: [TileKey: Entry] = [:]
    private var clock = 0
    /// The bytes of pixels held.
    private(set) var bytes = 0

    init(byteBudget: Int) {
        self.byteBudget = byteBudget
    }

    var count: Int { entries.count }

    static func bytes(of pixels: PixelBuffer) -> Int { pixels.stride * pixels.height * MemoryLayout<UInt32>.size }

    func contains(_ key: TileKey) -> Bool { entries[key] != nil }

    /// The tile's pixels, now the most recently used.
    mutating func use(_ key: TileKey) -> PixelBuffer? {
        guard entries[key] != nil else { return nil }
        clock += 1
        entries[key]?.lastUse = clock
        return entries[key]?.pixels
    }

    /// Keeps `pixels` as the most recently used tile, then lets the least
    /// recently used go until the bound holds.
    mutating func insert(_ pixels: PixelBuffer, for key: TileKey) {
        if let old = entries.removeValue(forKey: key) { bytes -= Self.bytes(of: old.pixels) }
        clock += 1
        entries[key] = Entry(pixels: pixels, lastUse: clock)
        bytes += Self.bytes(of: pixels)
        while bytes > byteBudget, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            bytes -= Self.bytes(of: oldest.value.pixels)
            entries.removeValue(forKey: oldest.key)
        }
    }

    /// Lets every tile go.
    mutating func removeAll() {
        entries = [:]
        bytes = 0
    }
}
