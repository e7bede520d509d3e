import CImageCodecs
import Geometry

/// Decodes an image at the size it is drawn, never larger: JPEGs scaled
/// by the decoder itself (by eighths), WebP cropped and scaled by libwebp,
/// PNG and GIF rows scaled as they come, SVG drawn by librsvg at that size. Only the part of the drawn image
/// asked for is kept (a zoomed page shows part of a large image).
public enum ImageDecoder {
    /// The image `bytes` drawn at `width` x `height`, of which `region`
    /// (the whole by default) is returned. Throws for an unknown format, a
    /// damaged file or a claimed size past `limits`.
    public static func decode(_ bytes: [UInt8], width: Int, height: Int, region: PixelRect? = nil,
                              limits: ImageLimits = .standard) throws(ImageError) -> DecodedImage {
        let info = try ImageProbe.info(of: bytes, limits: limits)
        guard width > 0, height > 0, width <= limits.maximumSide, height <= limits.maximumSide else {
            throw .tooLarge(width: width, height: height)
        }
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        let part = region.map { clip($0, to: whole) } ?? whole
        guard part.width > 0, part.height > 0 else { return DecodedImage(width: 0, height: 0, pixels: []) }
        let target = DecodeTarget(width: width, height: height, region: part)
        switch info.format {
        case .png:
            return try RowDecoder.decode(target) { sink, context, message in
                bytes.withUnsafeBufferPointer { data in
                    CImageCodecs_pngDecode(data.baseAddress, data.count, UInt64(limits.maximumInterlacedBytes), sink,
                                           context, message.baseAddress, message.count)
                }
            }
        case .jpeg:
            let eighths = JPEGScale.eighths(source: (info.width, info.height), target: (width, height))
            return try RowDecoder.decode(target) { sink, context, message in
                bytes.withUnsafeBufferPointer { data in
                    CImageCodecs_jpegDecode(data.baseAddress, data.count, UInt32(eighths), sink, context,
                                            message.baseAddress, message.count)
                }
            }
        case .gif:
            return try GIFReader.decode(bytes, target: target, limits: limits)
        case .webp:
            return try WebPReader.decode(bytes, source: (info.width, info.height), target: target)
        case .svg:
            return try SVGReader.decode(bytes, target: target)
        }
    }

    static func clip(_ region: PixelRect, to bounds: PixelRect) -> PixelRect {
        let left = max(region.x, bounds.x), top = max(region.y, bounds.y)
        let right = min(region.x + region.width, bounds.x + bounds.width)
        let bottom = min(region.y + region.height, bounds.y + bounds.height)
        return PixelRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    /// A C string left in a message buffer.
    static func text(of message: [CChar]) -> String {
        let bytes = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return bytes.isEmpty ? "the decoder gave no reason" : String(decoding: bytes, as: UTF8.self)
    }
}

/// The size an image is drawn at and the part of it wanted.
struct DecodeTarget {
    var width: Int
    var height: Int
    var region: PixelRect
}

/// The JPEG scale (in eighths) that decodes at least the drawn size, the
/// smallest that does: the decoder then skips most of the work and memory.
enum JPEGScale {
    static func eighths(source: (Int, Int), target: (Int, Int)) -> Int {
        for eighths in 1...8 {
            let width = (source.0 * eighths + 7) / 8, height = (source.1 * eighths + 7) / 8
            if width >= target.0, height >= target.1 { return eighths }
        }
        return 8
    }
}

/// Runs a C decoder whose rows go to a resampler through a row sink.
final class RowDecoder {
    private let target: DecodeTarget
    private var resampler: ImageResampler?
    private var failure: String?

    private init(target: DecodeTarget) { self.target = target }

    typealias Run = (CImageCodecs_RowSink, UnsafeMutableRawPointer, UnsafeMutableBufferPointer<CChar>) -> Int32

    static func decode(_ target: DecodeTarget, run: Run) throws(ImageError) -> DecodedImage {
        let decoder = RowDecoder(target: target)
        var message = [CChar](repeating: 0, count: 200)
        let result = withExtendedLifetime(decoder) {
            message.withUnsafeMutableBufferPointer { buffer in
                run(rowSink, Unmanaged.passUnretained(decoder).toOpaque(), buffer)
            }
        }
        if let failure = decoder.failure { throw .damaged(failure) }
        // A file that ends early still shows the rows it had.
        guard var resampler = decoder.resampler else {
            throw .damaged(result == Int32(CImageCodecs_failed) ? ImageDecoder.text(of: message) : "no rows")
        }
        return resampler.finish()
    }

    fileprivate func take(_ rgba: UnsafePointer<UInt8>, width: Int, height: Int, row: Int) -> Bool {
        if resampler == nil {
            guard width > 0, height > 0 else {
                failure = "decoded size \(width)x\(height)"
                return false
            }
            resampler = ImageResampler(sourceWidth: width, sourceHeight: height, width: target.width,
                                       height: target.height, region: target.region)
        }
        guard resampler?.sourceWidth == width else {
            failure = "rows of changing width"
            return false
        }
        return resampler?.add(row: rgba, index: row) ?? false
    }
}

private let rowSink: CImageCodecs_RowSink = { context, rgba, width, height, row in
    guard let context, let rgba else { return 0 }
    let decoder = Unmanaged<RowDecoder>.fromOpaque(context).takeUnretainedValue()
    return decoder.take(rgba, width: Int(width), height: Int(height), row: Int(row)) ? 1 : 0
}
