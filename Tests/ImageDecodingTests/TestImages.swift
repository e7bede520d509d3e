import CGIF
import CJPEG
import CPNG
import CWebP
import Foundation

/// Small images made with the formats' own encoders, to decode in tests.
enum TestImages {
    /// RGBA pixels: the left half red, the right half blue, fully opaque;
    /// the top-left pixel transparent when `transparentCorner`.
    static func halves(width: Int, height: Int, transparentCorner: Bool = false) -> [UInt8] {
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let pixel = (y * width + x) * 4
                rgba[pixel] = x < width / 2 ? 255 : 0
                rgba[pixel + 2] = x < width / 2 ? 0 : 255
                rgba[pixel + 3] = 255
            }
        }
        if transparentCorner { rgba[3] = 0; rgba[0] = 0 }
        return rgba
    }

    static func png(_ rgba: [UInt8], width: Int, height: Int, interlaced: Bool = false) -> [UInt8] {
        if interlaced { return interlacedPNG(rgba, width: width, height: height) }
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(width)
        image.height = png_uint_32(height)
        image.format = png_uint_32(PNG_FORMAT_RGB | PNG_FORMAT_FLAG_ALPHA)
        var size: png_alloc_size_t = 0
        rgba.withUnsafeBufferPointer { pixels in
            _ = png_image_write_to_memory(&image, nil, &size, 0, pixels.baseAddress, 0, nil)
        }
        var out = [UInt8](repeating: 0, count: Int(size))
        rgba.withUnsafeBufferPointer { pixels in
            out.withUnsafeMutableBufferPointer { memory in
                _ = png_image_write_to_memory(&image, memory.baseAddress, &size, 0, pixels.baseAddress, 0, nil)
            }
        }
        return Array(out.prefix(Int(size)))
    }

    /// An Adam7 PNG, written chunk by chunk (the simplified writer does not interlace).
    private static func interlacedPNG(_ rgba: [UInt8], width: Int, height: Int) -> [UInt8] {
        var raw: [UInt8] = []
        for (startX, startY, stepX, stepY) in [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4),
                                               (1, 0, 2, 2), (0, 1, 1, 2)] {
            guard startX < width, startY < height else { continue }
            for y in stride(from: startY, to: height, by: stepY) {
                raw.append(0)
                for x in stride(from: startX, to: width, by: stepX) { raw += rgba[((y * width + x) * 4)..<((y * width + x) * 4 + 4)] }
            }
        }
        // A zlib stream of stored (uncompressed) deflate blocks, then its Adler-32.
        var zlib: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(raw.count, start + 65535)
            let length = UInt16(end - start)
            zlib += [end == raw.count ? 1 : 0, UInt8(length & 0xFF), UInt8(length >> 8),
                     UInt8(~length & 0xFF), UInt8(~length >> 8)]
            zlib += raw[start..<end]
            start = end
        } while start < raw.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        zlib += bigEndian(b << 16 | a)
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, 6, 0, 0, 1]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", [])
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }

    /// A PNG header (no pixels) claiming `width` x `height`.
    static func pngClaiming(width: Int, height: Int) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 6, 0, 0, 0])
    }

    static func jpeg(_ rgba: [UInt8], width: Int, height: Int, quality: Int32 = 95) -> [UInt8] {
        var info = jpeg_compress_struct()
        var errors = jpeg_error_mgr()
        info.err = jpeg_std_error(&errors)
        jpeg_CreateCompress(&info, JPEG_LIB_VERSION, MemoryLayout<jpeg_compress_struct>.size)
        var buffer: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        jpeg_mem_dest(&info, &buffer, &size)
        info.image_width = JDIMENSION(width)
        info.image_height = JDIMENSION(height)
        info.input_components = 3
        info.in_color_space = JCS_RGB
        jpeg_set_defaults(&info)
        jpeg_set_quality(&info, quality, 1)
        jpeg_start_compress(&info, 1)
        var row = [UInt8](repeating: 0, count: width * 3)
        for y in 0..<height {
            for x in 0..<width {
                for channel in 0..<3 { row[x * 3 + channel] = rgba[(y * width + x) * 4 + channel] }
            }
            row.withUnsafeMutableBufferPointer { pointer in
                var rows: [JSAMPROW?] = [pointer.baseAddress]
                _ = jpeg_write_scanlines(&info, &rows, 1)
            }
        }
        jpeg_finish_compress(&info)
        jpeg_destroy_compress(&info)
        defer { free(buffer) }
        return buffer.map { Array(UnsafeBufferPointer(start: $0, count: Int(size))) } ?? []
    }

    /// A GIF with a palette of red, blue and (index 2) a transparent colour.
    static func gif(width: Int, height: Int, interlaced: Bool = false, transparentCorner: Bool = false) -> [UInt8] {
        let sink = GIFSink()
        var error: Int32 = 0
        let gif = EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), { gif, bytes, count in
            guard let gif, let bytes, let user = gif.pointee.UserData else { return 0 }
            Unmanaged<GIFSink>.fromOpaque(user).takeUnretainedValue().bytes += UnsafeBufferPointer(start: bytes, count: Int(count))
            return count
        }, &error)!
        var colours = [GifColorType(Red: 255, Green: 0, Blue: 0), GifColorType(Red: 0, Green: 0, Blue: 255),
                       GifColorType(Red: 0, Green: 255, Blue: 0), GifColorType(Red: 0, Green: 0, Blue: 0)]
        let map = GifMakeMapObject(4, &colours)
        EGifSetGifVersion(gif, true)
        EGifPutScreenDesc(gif, Int32(width), Int32(height), 2, 0, map)
        if transparentCorner {
            var control: [GifByteType] = [1, 0, 0, 2]
            EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, &control)
        }
        EGifPutImageDesc(gif, 0, 0, Int32(width), Int32(height), interlaced, nil)
        let rows = interlaced ? interlacedRows(height) : Array(0..<height)
        for y in rows {
            var line = (0..<width).map { x -> GifPixelType in
                transparentCorner && x == 0 && y == 0 ? 2 : x < width / 2 ? 0 : 1
            }
            EGifPutLine(gif, &line, Int32(width))
        }
        EGifCloseFile(gif, &error)
        GifFreeMapObject(map)
        return sink.bytes
    }

    static func interlacedRows(_ height: Int) -> [Int] {
        [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { Array(stride(from: $0.0, to: height, by: $0.1)) }
    }

    static func webp(_ rgba: [UInt8], width: Int, height: Int, lossless: Bool = true) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>? = nil
        let size = rgba.withUnsafeBufferPointer { pixels in
            lossless ? WebPEncodeLosslessRGBA(pixels.baseAddress, Int32(width), Int32(height), Int32(width * 4), &output)
                : WebPEncodeRGBA(pixels.baseAddress, Int32(width), Int32(height), Int32(width * 4), 90, &output)
        }
        defer { WebPFree(output) }
        return output.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    }
}

private final class GIFSink {
    var bytes: [UInt8] = []
}
