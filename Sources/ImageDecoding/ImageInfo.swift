/// What an image's header says: its format and size in pixels.
public struct ImageInfo: Sendable, Equatable {
    public var format: ImageFormat
    public var width: Int
    public var height: Int

    public init(format: ImageFormat, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }
}

/// Decoded pixels: premultiplied alpha, `0xAARRGGBB`, rows `width` apart.
public struct DecodedImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt32]

    public init(width: Int, height: Int, pixels: [UInt32]) {
        precondition(pixels.count == width * height, "\(pixels.count) pixels for \(width)x\(height)")
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}
