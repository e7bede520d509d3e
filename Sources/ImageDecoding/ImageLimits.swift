/// What an image may claim before it is refused: a hostile file can claim
/// any size in a few bytes, and nothing is allocated for a claim past these.
public struct ImageLimits: Sendable, Equatable {
    /// Pixels along either side.
    public var maximumSide: Int
    /// Pixels in all.
    public var maximumPixels: Int
    /// RGBA bytes an interlaced PNG may take (it is decoded whole before it is scaled).
    public var maximumInterlacedBytes: Int

    public init(maximumSide: Int = 20_000, maximumPixels: Int = 50_000_000, maximumInterlacedBytes: Int = 32 << 20) {
        self.maximumSide = maximumSide
        self.maximumPixels = maximumPixels
        self.maximumInterlacedBytes = maximumInterlacedBytes
    }

    public static let standard = ImageLimits()

    /// Throws when `width` x `height` is empty or past the limits.
    func check(width: Int, height: Int) throws(ImageError) {
        guard width > 0, height > 0 else { throw .damaged("its header gives a size of \(width)x\(height)") }
        guard width <= maximumSide, height <= maximumSide, width * height <= maximumPixels else {
            throw .tooLarge(width: width, height: height)
        }
    }
}

/// Why an image is not drawn.
public enum ImageError: Error, Equatable, CustomStringConvertible {
    case unknownFormat
    case damaged(String)
    case tooLarge(width: Int, height: Int)
    case unsupported(String)

    public var description: String {
        switch self {
        case .unknownFormat: return "not a PNG, JPEG, GIF, WebP or SVG image"
        case let .damaged(reason): return "damaged image: \(reason)"
        case let .tooLarge(width, height): return "image of \(width)x\(height) pixels is larger than allowed"
        case let .unsupported(what): return "unsupported image: \(what)"
        }
    }
}
