import CPNG

/// Helpers shared by the writer and the tests' reader over libpng's simplified API,
/// which reports errors in the image struct instead of through longjmp.
package enum PNGImage {
    /// A fresh control structure for the simplified API.
    package static func control() -> png_image {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        return image
    }

    /// The message libpng left in `image`, or a fallback when it is empty.
    package static func message(of image: png_image) -> String {
        var copy = image.message
        let text = withUnsafeBytes(of: &copy) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? "libpng gave no reason" : text
    }
}
