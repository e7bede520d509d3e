import Raster

/// Pixel-by-pixel comparison of two images, for golden tests.
public enum ImageComparison {
    /// What a differing pixel is painted in the diff image.
    public static let markColor: UInt32 = 0xFF_00_00

    /// Counts pixels whose red, green or blue differ by more than `tolerance`
    /// and, when any do, draws a diff: `a` faded towards white with the
    /// differing pixels in red. Images of different sizes are compared over
    /// the larger extent; pixels present in only one image count as differing.
    public static func compare(
        _ a: PixelBuffer, _ b: PixelBuffer, tolerance: UInt8 = 0
    ) -> (differingPixels: Int, diff: PixelBuffer?) {
        let width = max(a.width, b.width)
        let height = max(a.height, b.height)
        var diff = PixelBuffer(width: width, height: height, fill: markColor)
        var differing = 0
        for y in 0..<height {
            for x in 0..<width {
                guard let left = a.pixel(x: x, y: y), let right = b.pixel(x: x, y: y) else {
                    differing += 1
                    continue
                }
                if channelDistance(left, right) > tolerance {
                    differing += 1
                } else {
                    diff[x, y] = faded(left)
                }
            }
        }
        return (differing, differing == 0 ? nil : diff)
    }

    /// The largest difference between corresponding channels.
    static func channelDistance(_ left: UInt32, _ right: UInt32) -> UInt8 {
        var largest: UInt32 = 0
        for shift: UInt32 in [0, 8, 16] {
            let l = (left >> shift) & 0xFF, r = (right >> shift) & 0xFF
            largest = max(largest, l > r ? l - r : r - l)
        }
        return UInt8(largest)
    }

    /// A pixel three quarters of the way to white, so red marks stand out.
    static func faded(_ pixel: UInt32) -> UInt32 {
        var result: UInt32 = 0
        for shift: UInt32 in [0, 8, 16] {
            let channel = (pixel >> shift) & 0xFF
            result |= (255 - (255 - channel) / 4) << shift
        }
        return result
    }
}
