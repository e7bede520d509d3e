import CWebPLoader
import Geometry

/// WebP through libwebp, which crops and scales while it decodes: only
/// the source pixels under the part wanted are decoded, at no more than
/// the drawn size.
enum WebPReader {
    /// libwebp, loaded with the first WebP image, is not installed.
    static let libraryMissing = ImageError.unsupported("WebP without libwebp (Debian's libwebp7)")

    static func decode(_ bytes: [UInt8], source: (width: Int, height: Int), target: DecodeTarget) throws(ImageError) -> DecodedImage {
        let region = target.region
        let scaleX = Double(target.width) / Double(source.width), scaleY = Double(target.height) / Double(source.height)
        // The source rectangle under the region; libwebp snaps its corner to even pixels.
        let left = Int(Double(region.x) / scaleX) & ~1, top = Int(Double(region.y) / scaleY) & ~1
        let right = min(source.width, Int((Double(region.x + region.width) / scaleX).rounded(.up)))
        let bottom = min(source.height, Int((Double(region.y + region.height) / scaleY).rounded(.up)))
        guard right > left, bottom > top else { throw .damaged("empty crop") }
        // The crop as drawn, and the size it is decoded at (never above its own).
        let drawnWidth = max(1, Int((Double(right - left) * scaleX).rounded()))
        let drawnHeight = max(1, Int((Double(bottom - top) * scaleY).rounded()))
        let decodedWidth = min(drawnWidth, right - left), decodedHeight = min(drawnHeight, bottom - top)

        guard ebookfb_webp_load() == 1 else { throw WebPReader.libraryMissing }
        var config = WebPDecoderConfig()
        guard ebookfb_WebPInitDecoderConfig(&config) != 0 else { throw .unsupported("libwebp version") }
        let cropped = left > 0 || top > 0 || right < source.width || bottom < source.height
        config.options.use_cropping = cropped ? 1 : 0
        config.options.crop_left = Int32(left)
        config.options.crop_top = Int32(top)
        config.options.crop_width = Int32(right - left)
        config.options.crop_height = Int32(bottom - top)
        let scaled = decodedWidth != right - left || decodedHeight != bottom - top
        config.options.use_scaling = scaled ? 1 : 0
        config.options.scaled_width = Int32(decodedWidth)
        config.options.scaled_height = Int32(decodedHeight)
        config.output.colorspace = MODE_RGBA
        config.output.is_external_memory = 1
        var rgba = [UInt8](repeating: 0, count: decodedWidth * decodedHeight * 4)
        let status = rgba.withUnsafeMutableBufferPointer { pixels in
            config.output.u.RGBA.rgba = pixels.baseAddress
            config.output.u.RGBA.stride = Int32(decodedWidth * 4)
            config.output.u.RGBA.size = pixels.count
            return bytes.withUnsafeBufferPointer { data in ebookfb_WebPDecode(data.baseAddress, data.count, &config) }
        }
        ebookfb_WebPFreeDecBuffer(&config.output)
        guard status == VP8_STATUS_OK else {
            throw status == VP8_STATUS_UNSUPPORTED_FEATURE ? .unsupported("animated or extended WebP")
                : .damaged("WebP status \(status.rawValue)")
        }
        // Where the decoded crop lies in the drawn image; the region within it.
        let originX = Int((Double(left) * scaleX).rounded()), originY = Int((Double(top) * scaleY).rounded())
        let within = PixelRect(x: region.x - originX, y: region.y - originY, width: region.width, height: region.height)
        let clipped = ImageDecoder.clip(within, to: PixelRect(x: 0, y: 0, width: drawnWidth, height: drawnHeight))
        var resampler = ImageResampler(sourceWidth: decodedWidth, sourceHeight: decodedHeight, width: drawnWidth,
                                       height: drawnHeight, region: clipped)
        rgba.withUnsafeBufferPointer { pixels in
            // The buffer holds decodedWidth x decodedHeight (both at least 1) pixels.
            let base = pixels.baseAddress!
            for row in 0..<decodedHeight where !resampler.isFinished {
                _ = resampler.add(row: base + row * decodedWidth * 4, index: row)
            }
        }
        let part = resampler.finish()
        guard clipped != within else { return part }
        // Rounding left the crop a pixel short of the region: the rest stays transparent.
        var pixels = [UInt32](repeating: 0, count: region.width * region.height)
        for y in 0..<part.height {
            for x in 0..<part.width {
                let targetX = clipped.x - within.x + x, targetY = clipped.y - within.y + y
                pixels[targetY * region.width + targetX] = part.pixels[y * part.width + x]
            }
        }
        return DecodedImage(width: region.width, height: region.height, pixels: pixels)
    }
}
