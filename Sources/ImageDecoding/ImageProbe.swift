import CImageCodecs
import CWebPLoader

/// An image's format and size from its header, without decoding pixels:
/// what pagination needs to place an image.
public enum ImageProbe {
    /// Bytes that hold the header of nearly every image (a JPEG's size may
    /// come after large metadata segments: then the whole file is probed).
    public static let headerBytes = 64 << 10

    /// The format and size `bytes` (the file, or its first bytes) give;
    /// throws for an unknown format, a damaged header or a size past `limits`.
    public static func info(of bytes: [UInt8], limits: ImageLimits = .standard) throws(ImageError) -> ImageInfo {
        guard let format = ImageFormat(sniffing: bytes) else { throw .unknownFormat }
        let (width, height) = try size(of: bytes, format: format)
        try limits.check(width: width, height: height)
        return ImageInfo(format: format, width: width, height: height)
    }

    static func size(of bytes: [UInt8], format: ImageFormat) throws(ImageError) -> (Int, Int) {
        switch format {
        case .png:
            // libpng reads on to the first pixel data; the size is in IHDR, right after the signature.
            return try pngSize(bytes)
        case .jpeg:
            var width: UInt32 = 0, height: UInt32 = 0
            var message = [CChar](repeating: 0, count: 200)
            let result = bytes.withUnsafeBufferPointer { data in
                CImageCodecs_jpegHeader(data.baseAddress, data.count, &width, &height, &message, message.count)
            }
            guard result == Int32(CImageCodecs_ok) else { throw .damaged(ImageDecoder.text(of: message)) }
            return (Int(width), Int(height))
        case .gif:
            return try GIFReader.screenSize(of: bytes)
        case .webp:
            guard ebookfb_webp_load() == 1 else { throw WebPReader.libraryMissing }
            var width: Int32 = 0, height: Int32 = 0
            let found = bytes.withUnsafeBufferPointer { data in ebookfb_WebPGetInfo(data.baseAddress, data.count, &width, &height) }
            guard found != 0 else { throw .damaged("WebP header unreadable") }
            return (Int(width), Int(height))
        case .svg:
            return try SVGReader.size(of: bytes)
        }
    }

    /// The size in a PNG's IHDR chunk, whose checksum must hold.
    private static func pngSize(_ bytes: [UInt8]) throws(ImageError) -> (Int, Int) {
        guard bytes.count >= 33, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            throw .damaged("PNG without its IHDR header")
        }
        func word(_ at: Int) -> UInt32 { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | UInt32($1) } }
        guard word(8) == 13, PNGChecksum.crc32(bytes[12..<29]) == word(29) else { throw .damaged("PNG header checksum") }
        return (Int(word(16)), Int(word(20)))
    }
}
