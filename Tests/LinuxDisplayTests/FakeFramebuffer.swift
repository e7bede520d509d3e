import Devices
import LinuxDisplay

/// Framebuffer memory in RAM, laid out as a device with `layout` maps it,
/// every byte a sentinel until written; and the reader's frames to write
/// into it. A test double for the fbdev display's writer.
final class FakeFramebuffer {
    static let sentinel: UInt8 = 0xEE
    let layout: FramebufferLayout
    let memory: UnsafeMutableRawBufferPointer

    init(layout: FramebufferLayout) {
        self.layout = layout
        memory = .allocate(byteCount: layout.memorySize, alignment: 16)
        memory.initializeMemory(as: UInt8.self, repeating: Self.sentinel)
    }

    deinit { memory.deallocate() }

    /// The bytes of pixel (x, y) of `page`.
    func bytes(page: Int = 0, x: Int, y: Int) -> [UInt8] {
        let start = layout.byteOffset(ofPage: page) + y * layout.lineLength + x * layout.format.bytesPerPixel
        return Array(memory[start..<start + layout.format.bytesPerPixel])
    }

    /// Whether row `y` of `page` is untouched, padding included.
    func isUntouched(page: Int = 0, row y: Int) -> Bool {
        let start = layout.byteOffset(ofPage: page) + y * layout.lineLength
        return memory[start..<start + layout.lineLength].allSatisfy { $0 == Self.sentinel }
    }

    /// Writes `frame` (XRGB8888, `width` pixels a row) through `writer`.
    func write(_ frame: [UInt32], damage: FrameDamage, with writer: inout FramebufferWriter) -> (page: Int, rows: FrameDamage) {
        frame.withUnsafeBytes { pixels in
            writer.write(pixels, stride: layout.width * 4, damage: damage, into: memory.baseAddress!)  // allocated above
        }
    }

    /// A frame of one colour.
    func frame(_ colour: UInt32) -> [UInt32] {
        [UInt32](repeating: colour, count: layout.width * layout.height)
    }

    /// The damage of `rows` in a frame of this height.
    func damage(_ rows: Range<Int>...) -> FrameDamage {
        var damage = FrameDamage(rows: layout.height)
        for range in rows { damage.insert(range) }
        return damage
    }
}
