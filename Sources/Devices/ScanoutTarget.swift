/// A display's back buffer that a frame may be composed into straight:
/// upright XRGB8888 rows `stride` bytes apart. It may be write-combined
/// memory (a mapped dumb buffer): write it in order and never read it.
public struct ScanoutTarget {
    public let pixels: UnsafeMutableRawPointer
    /// Bytes from one row to the next (the driver's pitch).
    public let stride: Int
    public let width: Int
    public let height: Int
    /// Which buffer this is and what it holds: the same while it keeps what
    /// was composed into it, another value once anything else wrote it or
    /// its content was lost, so whoever composes into it starts afresh.
    public let identity: Identity

    public struct Identity: Equatable, Sendable {
        public var buffer: Int
        public var generation: Int
        public init(buffer: Int, generation: Int) {
            self.buffer = buffer
            self.generation = generation
        }
    }

    public init(pixels: UnsafeMutableRawPointer, stride: Int, width: Int, height: Int, identity: Identity) {
        precondition(stride >= width * 4, "a row of the buffer holds its width")
        self.pixels = pixels
        self.stride = stride
        self.width = width
        self.height = height
        self.identity = identity
    }
}

/// A display whose back buffer a frame can be composed into straight, in
/// one pass, instead of being composed in RAM and copied there.
public protocol ScanoutDisplay: Display {
    /// The buffer the next present shows, when a frame may be composed into
    /// it now (the screen ours, no flip pending, no rotation to apply); nil
    /// otherwise, and then frames are presented from RAM.
    var backBuffer: ScanoutTarget? { get }
    /// Shows the back buffer as composed into since it was last shown;
    /// `written` are the rows written (what DirtyFB is told). False,
    /// showing nothing, when it may not present now.
    func presentBackBuffer(written: FrameDamage, at time: Double) throws -> Bool
}
