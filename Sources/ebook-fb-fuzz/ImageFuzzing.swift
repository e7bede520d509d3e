import Geometry
import ImageDecoding

/// Image files as a book may hold them: the header probe and decoding at a
/// small drawn size, whole and a part. Whatever the bytes: a size within
/// the limits or an error, and exactly the pixels asked for.
enum ImageFuzzing {
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) {
        let data = Array(bytes)
        let limits = ImageLimits(maximumSide: 4096, maximumPixels: 4_000_000, maximumInterlacedBytes: 8 << 20)
        guard let info = try? ImageProbe.info(of: data, limits: limits) else { return }
        FuzzTarget.require(info.width > 0 && info.height > 0 && info.width <= 4096 && info.height <= 4096,
                           "a probed size is within the limits")
        if let image = try? ImageDecoder.decode(data, width: 37, height: 23, limits: limits) {
            FuzzTarget.require(image.width == 37 && image.height == 23 && image.pixels.count == 37 * 23,
                               "the image comes at the size drawn")
        }
        let region = PixelRect(x: 50, y: 20, width: 40, height: 30)
        if let part = try? ImageDecoder.decode(data, width: 120, height: 80, region: region, limits: limits) {
            FuzzTarget.require(part.width == 40 && part.height == 30, "only the part asked for comes")
        }
    }
}
