/// A framebuffer's pixel layout as FBIOGET_VSCREENINFO reports it: 16, 24
/// or 32 bits a pixel, little-endian, each colour a run of bits at an
/// offset. Converts the reader's XRGB8888 rows into it.
public struct FramebufferFormat: Equatable, Sendable, CustomStringConvertible {
    /// Where one colour's bits sit in a pixel (fb_bitfield).
    public struct Channel: Equatable, Sendable {
        public var offset: Int
        public var length: Int

        public init(offset: Int, length: Int) {
            self.offset = offset
            self.length = length
        }
    }

    public let bitsPerPixel: Int
    public let red: Channel
    public let green: Channel
    public let blue: Channel

    /// Nil for a layout this display cannot draw: another pixel size, a
    /// colour wider than 8 bits, or one outside the pixel.
    public init?(bitsPerPixel: Int, red: Channel, green: Channel, blue: Channel) {
        guard [16, 24, 32].contains(bitsPerPixel) else { return nil }
        for channel in [red, green, blue] {
            guard (1...8).contains(channel.length), channel.offset >= 0,
                  channel.offset + channel.length <= bitsPerPixel else { return nil }
        }
        self.bitsPerPixel = bitsPerPixel
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The reader's own layout: rows are copied as they are.
    public static let xrgb8888 = FramebufferFormat(bitsPerPixel: 32, red: Channel(offset: 16, length: 8),
                                                   green: Channel(offset: 8, length: 8),
                                                   blue: Channel(offset: 0, length: 8))!

    public var bytesPerPixel: Int { bitsPerPixel / 8 }

    /// "16 bpp (red 11+5, green 5+6, blue 0+5)": each colour's offset and width in bits.
    public var description: String {
        "\(bitsPerPixel) bpp (red \(red.offset)+\(red.length), green \(green.offset)+\(green.length), "
            + "blue \(blue.offset)+\(blue.length))"
    }

    /// One XRGB8888 pixel in this layout (the bits a pixel of this size holds).
    @inline(__always)
    public func pack(_ pixel: UInt32) -> UInt32 {
        place((pixel >> 16) & 0xff, red) | place((pixel >> 8) & 0xff, green) | place(pixel & 0xff, blue)
    }

    @inline(__always)
    private func place(_ value: UInt32, _ channel: Channel) -> UInt32 {
        (value >> UInt32(8 - channel.length)) << UInt32(channel.offset)
    }

    /// Converts `count` XRGB8888 pixels at `source` into this layout at
    /// `destination`. Only writes the destination (framebuffer memory can
    /// be uncached and slow to read).
    public func convert(_ count: Int, from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer) {
        if self == .xrgb8888 {
            destination.copyMemory(from: source, byteCount: count * 4)
            return
        }
        switch bitsPerPixel {
        case 32:
            for x in 0..<count {
                let pixel = pack(source.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self))
                destination.storeBytes(of: pixel.littleEndian, toByteOffset: x * 4, as: UInt32.self)
            }
        case 24:
            for x in 0..<count {
                let pixel = pack(source.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self))
                destination.storeBytes(of: UInt8(truncatingIfNeeded: pixel), toByteOffset: x * 3, as: UInt8.self)
                destination.storeBytes(of: UInt8(truncatingIfNeeded: pixel >> 8), toByteOffset: x * 3 + 1, as: UInt8.self)
                destination.storeBytes(of: UInt8(truncatingIfNeeded: pixel >> 16), toByteOffset: x * 3 + 2, as: UInt8.self)
            }
        default:
            for x in 0..<count {
                let pixel = UInt16(truncatingIfNeeded: pack(source.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)))
                destination.storeBytes(of: pixel.littleEndian, toByteOffset: x * 2, as: UInt16.self)
            }
        }
    }
}
