import CPNG

/// Writes pixel buffers as 8-bit RGB PNG files (no alpha channel).
public enum PNGWriter {
    public static func write(_ buffer: PixelBuffer, to path: String) throws {
        guard buffer.width > 0, buffer.height > 0 else {
            throw PNGError(operation: .write, path: path, reason: "image is empty (\(buffer.width)x\(buffer.height))")
        }
        var image = PNGImage.control()
        image.width = png_uint_32(buffer.width)
        image.height = png_uint_32(buffer.height)
        image.format = png_uint_32(PNG_FORMAT_RGB)
        let rgb = rgbBytes(buffer)
        let written = rgb.withUnsafeBytes { bytes in
            png_image_write_to_file(&image, path, 0, bytes.baseAddress, png_int_32(buffer.width * 3), nil)
        }
        guard written != 0 else {
            let reason = PNGImage.message(of: image)
            png_image_free(&image)
            throw PNGError(operation: .write, path: path, reason: reason)
        }
    }

    /// Packed R, G, B bytes of the visible pixels, top row first.
    static func rgbBytes(_ buffer: PixelBuffer) -> [UInt8] {
        let width = buffer.width
        return [UInt8](unsafeUninitializedCapacity: width * buffer.height * 3) { bytes, count in
            buffer.pixels.withUnsafeBufferPointer { pixels in
                for row in 0..<buffer.height {
                    var out = row * width * 3
                    let start = row * buffer.stride
                    for pixel in pixels[start..<start + width] {
                        bytes[out] = UInt8(truncatingIfNeeded: pixel >> 16)
                        bytes[out + 1] = UInt8(truncatingIfNeeded: pixel >> 8)
                        bytes[out + 2] = UInt8(truncatingIfNeeded: pixel)
                        out += 3
                    }
                }
            }
            count = width * buffer.height * 3
        }
    }
}
