import CPNG
import Raster

/// Reads PNG files of any colour type into XRGB8888 pixel buffers.
public enum PNGReader {
    /// Transparent images are flattened onto black.
    public static func read(_ path: String) throws -> PixelBuffer {
        var image = PNGImage.control()
        guard png_image_begin_read_from_file(&image, path) != 0 else {
            throw PNGError(operation: .read, path: path, reason: PNGImage.message(of: image))
        }
        image.format = png_uint_32(PNG_FORMAT_RGB)
        let width = Int(image.width)
        let height = Int(image.height)
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        var black = png_color(red: 0, green: 0, blue: 0)
        let finished = rgb.withUnsafeMutableBytes { bytes in
            png_image_finish_read(&image, &black, bytes.baseAddress, png_int_32(width * 3), nil)
        }
        guard finished != 0 else {
            let reason = PNGImage.message(of: image)
            png_image_free(&image)
            throw PNGError(operation: .read, path: path, reason: reason)
        }
        var buffer = PixelBuffer(width: width, height: height)
        buffer.withUnsafeMutablePixels { pixels in
            for index in 0..<width * height {
                let red = UInt32(rgb[index * 3]), green = UInt32(rgb[index * 3 + 1])
                pixels[index] = red << 16 | green << 8 | UInt32(rgb[index * 3 + 2])
            }
        }
        return buffer
    }
}
