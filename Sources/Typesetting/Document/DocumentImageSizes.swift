import BookModel
import ImageDecoding
import Threading

/// Each image's format and size, read from its header once per book and
/// shared by every typesetter on any thread: pagination places images
/// without decoding a pixel.
public final class DocumentImageSizes: @unchecked Sendable {
    private let lock = Condition()
    private var known: [String: Result<ImageInfo, ImageError>] = [:]

    public init() {}

    /// The header of `resource`, or why it cannot be drawn (missing,
    /// not an image, a size past the limits).
    public func info(of resource: String, in resources: DocumentResources?) -> Result<ImageInfo, ImageError> {
        if let found = lock.withLock({ known[resource] }) { return found }
        let result = Self.probe(resource, in: resources)
        lock.withLock { known[resource] = result }
        return result
    }

    private static func probe(_ resource: String, in resources: DocumentResources?) -> Result<ImageInfo, ImageError> {
        guard let resources else { return .failure(.damaged("the book has no resources")) }
        do {
            let head = try resources.prefix(of: resource, count: ImageProbe.headerBytes)
            let first = Result { () throws(ImageError) in try ImageProbe.info(of: head) }
            // A header that did not fit the first bytes (a JPEG's metadata) is read from the whole file.
            guard case .failure(.damaged) = first, head.count >= ImageProbe.headerBytes else { return first }
            return .success(try ImageProbe.info(of: try resources.data(of: resource, limit: DocumentLimits.resourceBytes)))
        } catch let error as ImageError {
            return .failure(error)
        } catch {
            return .failure(.damaged("\(error)"))
        }
    }
}

extension BookDocument {
    /// Each image's size from its header, read once for every typesetter.
    public var imageSizes: DocumentImageSizes { memo.value(DocumentImageSizes.self) { DocumentImageSizes() } }
}
