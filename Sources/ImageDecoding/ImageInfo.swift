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

/// A rectangle of an image as drawn, in pixels of the drawn size.
public struct ImageRegion: Sendable, Equatable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    var columns: Range<Int> { x..<(x + width) }
    var rows: Range<Int> { y..<(y + height) }
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
