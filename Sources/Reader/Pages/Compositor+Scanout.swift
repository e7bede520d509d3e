import Devices
import Geometry
import LinuxSystem
import Raster

/// Frames composed straight into a display's back buffers: the page
/// picture in one pass from the page buffers, and what was drawn in RAM
/// (a screen over the page, a zoomed page) copied over, only the rows the
/// buffer lacks. The compositor keeps a record of what each back buffer
/// holds, as it does of the frame in RAM, so a buffer shown two frames ago
/// gets the rows that changed since, and no others. Back buffers are
/// written in order and never read (they may be write-combined).
extension Compositor {
    /// Most back buffers remembered (double or triple buffering).
    static let scanoutRecordLimit = 3

    /// Composes the paging view at `offsetX` straight into `target`, as
    /// `composePaging(offsetX:version:rows:into:page:)` does into a frame,
    /// and returns the rows written.
    @discardableResult
    public mutating func composePaging(offsetX: Double, version: Int, into target: ScanoutTarget,
                                       page: (Int) -> PageImage?) -> FrameDamage {
        guard target.width >= width, target.stride % 4 == 0 else { return FrameDamage(rows: target.height) }
        let key = Self.key(of: target)
        var record = scanoutRecords.first { $0.key == key }
        let damage = compose(offsetX: offsetX, version: version, again: nil,
                             into: target.pixels.assumingMemoryBound(to: UInt32.self), stride: target.stride / 4,
                             key: key, streaming: true, record: &record, page: page)
        remember(record, of: key)
        return damage
    }

    /// Copies into `target` the rows of `frame` (the frame last composed in
    /// RAM) where the buffer may differ from it, and returns them: where
    /// both hold the same page picture, only the rows drawn over it in
    /// either; else every row that is not background in both. Afterwards
    /// the compositor knows the buffer holds what the frame does.
    @discardableResult
    public mutating func copyFrame(_ frame: PixelBuffer, into target: ScanoutTarget) -> FrameDamage {
        let key = Self.key(of: target)
        let rows = min(frame.height, target.height), columns = min(frame.width, target.width)
        let frameKey = FrameKey(storage: frame.withUnsafeBytes { UInt(bitPattern: $0.baseAddress) }, width: frame.width,
                                height: frame.height, generation: 0)
        let source = lastFrame.flatMap { $0.key == frameKey && frame.height == target.height ? $0 : nil }
        let held = scanoutRecords.first { $0.key == key }
        var copy: RowSet
        if let source, let held, source.picture != nil, source.picture == held.picture {
            copy = source.foreign
            copy.formUnion(held.foreign)
        } else if let source, let held {
            copy = source.ink
            copy.formUnion(held.ink)
        } else {
            copy = .all(rows: target.height)
        }
        var written = FrameDamage(rows: target.height)
        let stores = scanoutStores
        frame.withUnsafeBytes { pixels in
            guard let base = pixels.baseAddress else { return }
            copy.forEachRun(in: 0..<rows) { run in
                for y in run {
                    Self.copy(to: (target.pixels + y * target.stride).assumingMemoryBound(to: UInt32.self),
                              from: (base + y * frame.bytesPerRow).assumingMemoryBound(to: UInt32.self),
                              count: columns, stores: stores)
                }
                written.insert(run)
            }
        }
        RowStores.finishStreaming()
        remember(source.map { FrameRecord(key: key, ink: $0.ink, picture: $0.picture, foreign: $0.foreign,
                                          columns: $0.columns) }, of: key)
        return written
    }

    private static func key(of target: ScanoutTarget) -> FrameKey {
        FrameKey(storage: UInt(bitPattern: target.pixels), width: target.width, height: target.height,
                 generation: target.identity.generation)
    }

    /// Keeps `record` as what the buffer of `key` holds (nil: unknown),
    /// replacing what was known of that buffer before.
    private mutating func remember(_ record: FrameRecord?, of key: FrameKey) {
        scanoutRecords.removeAll { $0.key.storage == key.storage }
        guard let record else { return }
        scanoutRecords.append(record)
        if scanoutRecords.count > Self.scanoutRecordLimit { scanoutRecords.removeFirst() }
    }
}
