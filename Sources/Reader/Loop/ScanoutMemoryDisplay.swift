import Devices
import Geometry
import Raster

/// A display whose two scanout buffers are memory, presented as a KMS
/// screen's are: frames are composed straight into the back buffer, and a
/// flip completes at the next 60 Hz vblank of virtual time. It is the
/// headless display for what reaches the glass: the benchmark measures a
/// flick frame and the bytes a frame writes with it, and tests compare its
/// picture with the headless display's. Each present's bytes are kept.
public final class ScanoutMemoryDisplay: ScanoutDisplay {
    public let width: Int
    public let height: Int
    /// Bytes from one row of a buffer to the next.
    public let stride: Int
    private let buffers: [UnsafeMutableRawPointer]
    private var generations = [0, 0]
    private var front = 0
    private var hasShown = false
    private var flipDue: Double?
    /// Every present: when, the rows written and their bytes.
    public private(set) var presents: [(time: Double, rows: Int, bytes: Int)] = []

    /// `fill`: what the buffers hold before the first frame (a card's are black).
    public init(width: Int, height: Int, fill: UInt32 = 0) {
        self.width = width
        self.height = height
        stride = width * 4
        buffers = (0..<2).map { _ in
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: width * 4 * height, alignment: 64)
            buffer.initializeMemory(as: UInt32.self, repeating: fill, count: width * height)
            return buffer
        }
    }

    deinit { buffers.forEach { $0.deallocate() } }

    /// The bytes of both buffers: memory that stands in for the card's.
    public var bufferBytes: Int { 2 * stride * height }

    public var canPresent: Bool { flipDue == nil }
    public var physicalSize: Size? { nil }
    /// Memory has no panel to turn off.
    public func setPowered(_ on: Bool) {}
    public var pollDescriptors: [Int32] { [] }
    public var nextEventTime: Double? { flipDue }

    private var backIndex: Int { hasShown ? 1 - front : front }

    public var backBuffer: ScanoutTarget? {
        guard canPresent else { return nil }
        return ScanoutTarget(pixels: buffers[backIndex], stride: stride, width: width, height: height,
                             identity: ScanoutTarget.Identity(buffer: backIndex, generation: generations[backIndex]))
    }

    public func presentBackBuffer(written: FrameDamage, at time: Double) -> Bool {
        guard canPresent else { return false }
        show(rows: written.count, at: time)
        return true
    }

    /// A frame composed in RAM is copied whole (this display is meant to be composed into straight).
    public func present(pixels: UnsafeRawBufferPointer, stride source: Int, damage: FrameDamage, at time: Double) -> Bool {
        guard canPresent, let base = pixels.baseAddress else { return false }
        precondition(source >= width * 4 && pixels.count >= (height - 1) * source + width * 4,
                     "the frame holds \(width)x\(height) pixels")
        let index = backIndex
        for y in 0..<height {
            (buffers[index] + y * stride).copyMemory(from: base + y * source, byteCount: width * 4)
        }
        generations[index] += 1
        show(rows: height, at: time)
        return true
    }

    private func show(rows: Int, at time: Double) {
        front = backIndex
        hasShown = true
        presents.append((time, rows, rows * width * 4))
        flipDue = LivePacing.nextFrameTime(after: time)
    }

    /// Completes a pending flip at once (a display driven outside the loop).
    public func completeFlip() { flipDue = nil }

    public func handleEvents(at time: Double) -> [DisplayEvent] {
        guard let due = flipDue, due <= time else { return [] }
        flipDue = nil
        return [.flipCompleted(vblank: due)]
    }

    public func giveUp() { flipDue = nil }

    public func takeBack() { generations = generations.map { $0 + 1 } }

    /// What the glass shows: the front buffer's picture.
    public var screen: PixelBuffer {
        var picture = PixelBuffer(width: width, height: height)
        let source = buffers[front]
        picture.withUnsafeMutablePixels { pixels in
            // Precondition: the picture holds width x height pixels, as the buffer does.
            UnsafeMutableRawPointer(pixels.baseAddress!).copyMemory(from: source, byteCount: width * 4 * height)
        }
        return picture
    }
}
