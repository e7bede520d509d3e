import CGIFLoader

/// GIF through giflib (loaded with the first GIF): the logical screen's
/// size from its header, and the first frame (an animation shows its first
/// picture) decoded a row at a time into the resampler, transparent where
/// the frame does not cover.
enum GIFReader {
    static func screenSize(of bytes: [UInt8]) throws(ImageError) -> (Int, Int) {
        let source = GIFSource(bytes)
        let gif = try source.open()
        defer {
            ebookfb_DGifCloseFile(gif, nil)
            withExtendedLifetime(source) {}
        }
        return (Int(gif.pointee.SWidth), Int(gif.pointee.SHeight))
    }

    static func decode(_ bytes: [UInt8], target: DecodeTarget, limits: ImageLimits = .standard) throws(ImageError) -> DecodedImage {
        let source = GIFSource(bytes)
        let gif = try source.open()
        // giflib reads through `source` until the file is closed.
        defer {
            ebookfb_DGifCloseFile(gif, nil)
            withExtendedLifetime(source) {}
        }
        let width = Int(gif.pointee.SWidth), height = Int(gif.pointee.SHeight)
        try limits.check(width: width, height: height)
        var transparent = -1
        var record = UNDEFINED_RECORD_TYPE
        while true {
            guard ebookfb_DGifGetRecordType(gif, &record) == GIF_OK else { throw source.failure(gif) }
            switch record {
            case EXTENSION_RECORD_TYPE:
                transparent = try skipExtension(gif, source: source) ?? transparent
            case IMAGE_DESC_RECORD_TYPE:
                guard ebookfb_DGifGetImageDesc(gif) == GIF_OK else { throw source.failure(gif) }
                return try decodeFrame(gif, screen: (width, height), transparent: transparent, target: target,
                                       source: source, limits: limits)
            case TERMINATE_RECORD_TYPE:
                throw .damaged("GIF without a picture")
            default:
                throw .damaged("GIF record of unknown type")
            }
        }
    }

    /// Reads one extension; returns the transparent colour a graphic control block names.
    private static func skipExtension(_ gif: UnsafeMutablePointer<GifFileType>, source: GIFSource) throws(ImageError) -> Int? {
        var code: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>? = nil
        guard ebookfb_DGifGetExtension(gif, &code, &block) == GIF_OK else { throw source.failure(gif) }
        var transparent: Int? = nil
        // A graphic control block: length 4, flags, delay (2 bytes), transparent index.
        if code == GRAPHICS_EXT_FUNC_CODE, let data = block, data[0] >= 4, data[1] & 1 == 1 {
            transparent = Int(data[4])
        }
        while block != nil {
            guard ebookfb_DGifGetExtensionNext(gif, &block) == GIF_OK else { throw source.failure(gif) }
        }
        return transparent
    }

    private static func decodeFrame(_ gif: UnsafeMutablePointer<GifFileType>, screen: (Int, Int), transparent: Int,
                                    target: DecodeTarget, source: GIFSource, limits: ImageLimits) throws(ImageError) -> DecodedImage {
        let frame = gif.pointee.Image
        let left = Int(frame.Left), top = Int(frame.Top), width = Int(frame.Width), height = Int(frame.Height)
        try limits.check(width: width, height: height)
        guard let map = frame.ColorMap ?? gif.pointee.SColorMap, let colours = map.pointee.Colors else {
            throw .damaged("GIF without colours")
        }
        let colourCount = Int(map.pointee.ColorCount)
        var palette = [UInt32](repeating: 0, count: 256)
        for index in 0..<min(256, colourCount) where index != transparent {
            let colour = colours[index]
            palette[index] = 0xFF00_0000 | UInt32(colour.Red) << 16 | UInt32(colour.Green) << 8 | UInt32(colour.Blue)
        }
        // Interlaced rows come in four passes: the frame's indices are kept until all are in.
        var indices = [GifPixelType](repeating: 0, count: frame.Interlace ? width * height : width)
        if frame.Interlace {
            for row in interlacedOrder(height) {
                // The indices hold width x height (both checked positive) pixels.
                let read = indices.withUnsafeMutableBufferPointer { ebookfb_DGifGetLine(gif, $0.baseAddress! + row * width, Int32(width)) }
                guard read == GIF_OK else { break }
            }
        }
        var resampler = ImageResampler(sourceWidth: screen.0, sourceHeight: screen.1, width: target.width,
                                       height: target.height, region: target.region)
        var rgba = [UInt8](repeating: 0, count: screen.0 * 4)
        var frameEnded = false
        for y in 0..<screen.1 {
            for index in rgba.indices { rgba[index] = 0 }
            let frameRow = y - top
            if frameRow >= 0, frameRow < height, !frameEnded {
                let start: Int
                if frame.Interlace {
                    start = frameRow * width
                } else {
                    start = 0
                    let read = indices.withUnsafeMutableBufferPointer { ebookfb_DGifGetLine(gif, $0.baseAddress, Int32(width)) }
                    // A file cut short shows the rows it had.
                    if read != GIF_OK { frameEnded = true }
                }
                if !frameEnded {
                    for x in 0..<width where left + x >= 0 && left + x < screen.0 {
                        let colour = palette[Int(indices[start + x])]
                        let pixel = (left + x) * 4
                        rgba[pixel] = UInt8(truncatingIfNeeded: colour >> 16)
                        rgba[pixel + 1] = UInt8(truncatingIfNeeded: colour >> 8)
                        rgba[pixel + 2] = UInt8(truncatingIfNeeded: colour)
                        rgba[pixel + 3] = UInt8(truncatingIfNeeded: colour >> 24)
                    }
                }
            }
            // The row holds the screen's width (checked positive) of pixels.
            let more = rgba.withUnsafeBufferPointer { resampler.add(row: $0.baseAddress!, index: y) }
            if !more { break }
        }
        return resampler.finish()
    }

    /// The rows of an interlaced frame in the order the file holds them.
    static func interlacedOrder(_ height: Int) -> [Int] {
        var order: [Int] = []
        for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] {
            order += Array(stride(from: start, to: height, by: step))
        }
        return order
    }
}

/// The bytes giflib reads, through its read callback.
private final class GIFSource {
    let bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func open() throws(ImageError) -> UnsafeMutablePointer<GifFileType> {
        guard ebookfb_gif_load() == 1 else { throw .unsupported("GIF without giflib (Debian's libgif7)") }
        var error: Int32 = 0
        guard let gif = ebookfb_DGifOpen(Unmanaged.passUnretained(self).toOpaque(), gifRead, &error) else {
            throw .damaged(ebookfb_GifErrorString(error).map { String(cString: $0) } ?? "GIF unreadable")
        }
        return gif
    }

    func failure(_ gif: UnsafeMutablePointer<GifFileType>) -> ImageError {
        .damaged(ebookfb_GifErrorString(gif.pointee.Error).map { String(cString: $0) } ?? "GIF unreadable")
    }
}

private let gifRead: InputFunc = { gif, buffer, count in
    guard let gif, let buffer, let user = gif.pointee.UserData else { return 0 }
    let source = Unmanaged<GIFSource>.fromOpaque(user).takeUnretainedValue()
    let available = max(0, min(Int(count), source.bytes.count - source.position))
    source.bytes.withUnsafeBufferPointer { bytes in
        // Bytes are left to copy, so the array is not empty.
        if available > 0 { buffer.update(from: bytes.baseAddress! + source.position, count: available) }
    }
    source.position += available
    return Int32(available)
}
