import Devices
import Geometry
import Raster

/// A display in memory with a 60 Hz vblank in virtual time: a presented
/// frame's damaged rows are copied into the picture it holds (what a screen
/// would show), and its flip completes at the next vblank, so frames are
/// paced as on a screen. It counts the bytes it wrote.
public final class HeadlessDisplay: Display {
    public let width: Int
    public let height: Int
    /// What the glass shows.
    public private(set) var screen: PixelBuffer
    /// Bytes written into `screen` so far, and by the last present.
    public private(set) var bytesWritten = 0
    public private(set) var lastPresentBytes = 0
    /// False while the screen is given up (a console switch).
    public private(set) var isActive = true
    /// False while the panel is turned off.
    public private(set) var isPowered = true
    /// Each change of power, in order (true: on).
    public private(set) var powerChanges: [Bool] = []
    public let physicalSize: Size?
    private var flipDue: Double?

    /// `physicalSize`: the panel's size in millimetres it stands for (nil: unknown).
    public init(width: Int, height: Int, physicalSize: Size? = nil) {
        self.width = width
        self.height = height
        self.physicalSize = physicalSize
        screen = PixelBuffer(width: width, height: height)
    }

    public var canPresent: Bool { isActive && flipDue == nil }
    public var pollDescriptors: [Int32] { [] }
    public var nextEventTime: Double? { flipDue }

    public func present(pixels: UnsafeRawBufferPointer, stride: Int, damage: FrameDamage, at time: Double) -> Bool {
        guard canPresent, let source = pixels.baseAddress else { return false }
        precondition(stride >= width * 4 && pixels.count >= (height - 1) * stride + width * 4,
                     "the frame holds \(width)x\(height) pixels")
        let rowBytes = width * 4
        var written = 0
        let target = screen.stride
        screen.withUnsafeMutablePixels { destination in
            // Precondition: the screen buffer holds height rows of `target` pixels.
            let base = UnsafeMutableRawPointer(destination.baseAddress!)
            for run in damage.runs where run.lowerBound < height {
                for y in run.lowerBound..<min(run.upperBound, height) {
                    (base + y * target * 4).copyMemory(from: source + y * stride, byteCount: rowBytes)
                    written += rowBytes
                }
            }
        }
        bytesWritten += written
        lastPresentBytes = written
        flipDue = LivePacing.nextFrameTime(after: time)
        return true
    }

    public func handleEvents(at time: Double) -> [DisplayEvent] {
        guard let due = flipDue, due <= time else { return [] }
        flipDue = nil
        return [.flipCompleted(vblank: due)]
    }

    public func giveUp() {
        isActive = false
        flipDue = nil
    }

    public func takeBack() { isActive = true }

    public func setPowered(_ on: Bool) {
        guard on != isPowered else { return }
        isPowered = on
        powerChanges.append(on)
    }
}
