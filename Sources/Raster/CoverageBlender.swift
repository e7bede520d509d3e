#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Paints 8-bit coverage masks (anti-aliased glyphs) in a colour.
///
/// Coverage is a fraction of the pixel's area, so the mix is done in linear
/// light: mixing sRGB values directly makes dark-on-light text too heavy and
/// light-on-dark text too thin. Conversions go through two tables built when
/// the blender is made; keep one blender and reuse it.
public struct CoverageBlender: Sendable {
    /// Linear light is kept in 12 bits: the tables stay small enough for the
    /// first-level cache and every sRGB value still survives a round trip.
    public static let linearMaximum: UInt16 = 4095

    private let linearFromSRGB: [UInt16]
    private let sRGBFromLinear: [UInt8]

    /// The conversion tables, built once per process (they never change) so
    /// a painter made for every page costs nothing to make.
    private static let linearTable: [UInt16] = (0...255).map { value in
        UInt16((decode(Double(value) / 255) * Double(linearMaximum)).rounded())
    }
    private static let sRGBTable: [UInt8] = (0...Int(linearMaximum)).map { value in
        UInt8((encode(Double(value) / Double(linearMaximum)) * 255).rounded())
    }

    public init() {
        linearFromSRGB = Self.linearTable
        sRGBFromLinear = Self.sRGBTable
    }

    /// The sRGB transfer function, from encoded [0, 1] to linear [0, 1].
    static func decode(_ encoded: Double) -> Double {
        encoded <= 0.04045 ? encoded / 12.92 : pow((encoded + 0.055) / 1.055, 2.4)
    }

    /// The inverse of `decode`.
    static func encode(_ linear: Double) -> Double {
        linear <= 0.0031308 ? linear * 12.92 : 1.055 * pow(linear, 1 / 2.4) - 0.055
    }

    /// Linear light (0...linearMaximum) of an sRGB channel value.
    public func linear(fromSRGB value: UInt8) -> UInt16 { linearFromSRGB[Int(value)] }

    /// The sRGB channel value nearest to linear light `value` (0...linearMaximum).
    public func sRGB(fromLinear value: UInt16) -> UInt8 {
        sRGBFromLinear[Int(min(value, Self.linearMaximum))]
    }

    /// `color` laid over `destination` with `coverage`/255 of the pixel covered.
    public func mix(_ color: UInt32, over destination: UInt32, coverage: UInt8) -> UInt32 {
        linearFromSRGB.withUnsafeBufferPointer { toLinear in
            sRGBFromLinear.withUnsafeBufferPointer { toSRGB in
                let ink = LinearColor(color, toLinear)
                return Self.mix(ink, over: destination, coverage: UInt32(coverage), toLinear, toSRGB)
            }
        }
    }

    /// The results of laying `color` over `background` at every coverage,
    /// so text on a plain page skips the linear-light arithmetic.
    public func ramp(_ color: UInt32, over background: UInt32) -> CoverageRamp {
        let opaque = color & 0x00FF_FFFF, below = background & 0x00FF_FFFF
        let values = (0...255).map { coverage -> UInt32 in
            switch coverage {
            case 0: return below
            case 255: return opaque
            default: return mix(opaque, over: below, coverage: UInt8(coverage))
            }
        }
        return CoverageRamp(color: opaque, background: below, values: values)
    }

    /// Blends a packed `width` x `height` coverage mask in `color` with its
    /// top-left pixel at (`x`, `y`); parts outside the buffer are skipped.
    public func blend(
        coverage mask: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
        color: UInt32, atX x: Int, y: Int, into buffer: inout PixelBuffer
    ) {
        paint(mask, width: width, height: height, color: color, ramp: nil, atX: x, y: y, into: &buffer)
    }

    /// Blends like `blend(coverage:width:height:color:atX:y:into:)` in the
    /// ramp's colour, taking pixels still equal to its background from the ramp.
    public func blend(
        coverage mask: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
        ramp: CoverageRamp, atX x: Int, y: Int, into buffer: inout PixelBuffer
    ) {
        paint(mask, width: width, height: height, color: ramp.color, ramp: ramp, atX: x, y: y, into: &buffer)
    }

    /// Blends a packed mask held in an array; see the pointer variant.
    public func blend(
        coverage mask: [UInt8], width: Int, height: Int,
        color: UInt32, atX x: Int, y: Int, into buffer: inout PixelBuffer
    ) {
        mask.withUnsafeBufferPointer { pointer in
            paint(pointer, width: width, height: height, color: color, ramp: nil, atX: x, y: y, into: &buffer)
        }
    }

    /// Blends a glyph whose origin (pen position on the baseline) is at
    /// (`penX`, `baselineY`).
    public func blend(
        _ glyph: GlyphBitmap, color: UInt32, penX: Int, baselineY: Int, into buffer: inout PixelBuffer
    ) {
        glyph.coverage.withUnsafeBufferPointer { mask in
            paint(mask, width: glyph.width, height: glyph.height, color: color, ramp: nil,
                  atX: penX + glyph.left, y: baselineY - glyph.top, into: &buffer)
        }
    }

    /// Blends a glyph in the ramp's colour; see the colour variant.
    public func blend(
        _ glyph: GlyphBitmap, ramp: CoverageRamp, penX: Int, baselineY: Int, into buffer: inout PixelBuffer
    ) {
        glyph.coverage.withUnsafeBufferPointer { mask in
            paint(mask, width: glyph.width, height: glyph.height, color: ramp.color, ramp: ramp,
                  atX: penX + glyph.left, y: baselineY - glyph.top, into: &buffer)
        }
    }

    private func paint(
        _ mask: UnsafeBufferPointer<UInt8>, width: Int, height: Int, color: UInt32, ramp: CoverageRamp?,
        atX x: Int, y: Int, into buffer: inout PixelBuffer
    ) {
        precondition(mask.count >= width * height, "mask smaller than \(width)x\(height)")
        let rampValues = ramp?.values ?? []
        rampValues.withUnsafeBufferPointer { ramped in
            withTables { toLinear, toSRGB in
                let ink = Ink(color: color, ramp: ramp.map { _ in ramped }, background: ramp?.background ?? 0,
                              toLinear: toLinear)
                let bufferWidth = buffer.width, bufferHeight = buffer.height, stride = buffer.stride
                buffer.withUnsafeMutablePixels { pixels in
                    guard let base = pixels.baseAddress, let maskBase = mask.baseAddress else { return }
                    Self.paint(maskBase, width: width, height: height, atX: x, y: y, in: ink,
                               into: base, width: bufferWidth, height: bufferHeight, stride: stride,
                               toLinear: toLinear, toSRGB: toSRGB)
                }
            }
        }
    }

    /// Calls `body` with the conversion tables opened, for painting many
    /// masks (a page of glyphs) without opening them for each.
    func withTables<R>(_ body: (UnsafeBufferPointer<UInt16>, UnsafeBufferPointer<UInt8>) -> R) -> R {
        linearFromSRGB.withUnsafeBufferPointer { toLinear in
            sRGBFromLinear.withUnsafeBufferPointer { toSRGB in body(toLinear, toSRGB) }
        }
    }

    /// A colour ready to paint in: its opaque value, its channels in linear
    /// light and, with a ramp, the finished pixels over the ramp's background.
    struct Ink {
        let opaque: UInt32
        let linear: LinearColor
        let ramp: UnsafeBufferPointer<UInt32>?
        let rampBackground: UInt32

        init(color: UInt32, ramp: UnsafeBufferPointer<UInt32>?, background: UInt32, toLinear: UnsafeBufferPointer<UInt16>) {
            opaque = color & 0x00FF_FFFF
            linear = LinearColor(opaque, toLinear)
            self.ramp = ramp
            rampBackground = background
        }
    }

    /// Lays a packed `width` x `height` mask with its top-left pixel at
    /// (`x`, `y`) over the pixels at `pixels`; parts outside are skipped.
    @inline(__always)
    static func paint(
        _ mask: UnsafePointer<UInt8>, width: Int, height: Int, atX x: Int, y: Int, in ink: Ink,
        into pixels: UnsafeMutablePointer<UInt32>, width bufferWidth: Int, height bufferHeight: Int, stride: Int,
        toLinear: UnsafeBufferPointer<UInt16>, toSRGB: UnsafeBufferPointer<UInt8>
    ) {
        let left = max(x, 0), right = min(x + width, bufferWidth)
        let top = max(y, 0), bottom = min(y + height, bufferHeight)
        guard left < right, top < bottom else { return }
        let opaque = ink.opaque
        @inline(__always) func blend(_ coverage: UInt8, over destination: UInt32) -> UInt32 {
            if coverage == 0 { return destination }
            if coverage == 255 { return opaque }
            if destination & 0x00FF_FFFF == opaque { return destination }
            return mix(ink.linear, over: destination, coverage: UInt32(coverage), toLinear, toSRGB)
        }
        for row in top..<bottom {
            let maskRow = mask + ((row - y) * width - x)
            let pixelRow = pixels + row * stride
            if let ramp = ink.ramp {
                let background = ink.rampBackground
                for column in left..<right {
                    let destination = pixelRow[column]
                    // Bare page, almost every pixel: the ramp holds the result for
                    // every coverage (background at 0), so no test on the coverage.
                    pixelRow[column] = destination == background
                        ? ramp[Int(maskRow[column])] : blend(maskRow[column], over: destination)
                }
            } else {
                for column in left..<right {
                    let coverage = maskRow[column]
                    if coverage != 0 { pixelRow[column] = blend(coverage, over: pixelRow[column]) }
                }
            }
        }
    }

    /// A colour's channels already in linear light.
    struct LinearColor {
        let red: UInt32, green: UInt32, blue: UInt32

        init(_ color: UInt32, _ toLinear: UnsafeBufferPointer<UInt16>) {
            red = UInt32(toLinear[Int((color >> 16) & 0xFF)])
            green = UInt32(toLinear[Int((color >> 8) & 0xFF)])
            blue = UInt32(toLinear[Int(color & 0xFF)])
        }
    }

    @inline(__always)
    private static func mix(
        _ ink: LinearColor, over destination: UInt32, coverage: UInt32,
        _ toLinear: UnsafeBufferPointer<UInt16>, _ toSRGB: UnsafeBufferPointer<UInt8>
    ) -> UInt32 {
        let uncovered = 255 - coverage
        @inline(__always) func channel(_ inkLinear: UInt32, _ shift: UInt32) -> UInt32 {
            let below = UInt32(toLinear[Int((destination >> shift) & 0xFF)])
            // Weighted mean in 12-bit linear light, rounded; at most 4095.
            let mixed = (inkLinear * coverage + below * uncovered + 127) / 255
            return UInt32(toSRGB[Int(mixed)]) << shift
        }
        return channel(ink.red, 16) | channel(ink.green, 8) | channel(ink.blue, 0)
    }
}

/// One colour laid over one background at each of the 256 coverages.
public struct CoverageRamp: Equatable, Sendable {
    public let color: UInt32
    public let background: UInt32
    /// Indexed by coverage: `values[0]` is the background, `values[255]` the colour.
    public let values: [UInt32]
}
