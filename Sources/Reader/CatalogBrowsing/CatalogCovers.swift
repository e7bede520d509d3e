import Catalogs
import Geometry
import ImageDecoding
import LinuxSystem
import Network
import Raster
import Threading

/// A catalog entry's picture wanted for the list: its address, the
/// catalog's (for the credentials) and the box it is scaled to fit.
struct CatalogCoverJob: Sendable, Equatable {
    var address: String
    var catalog: String
    var width: Int
    var height: Int

    var key: String { "\(width)x\(height) \(address)" }
}

/// A picture fetched and scaled, or nil when it could not be had (the
/// row then keeps its placeholder; the failure is not asked again while kept).
struct FetchedCatalogCover: Sendable {
    var key: String
    var image: PixelBuffer?
}

/// The pictures of the entries listed, fetched and decoded on a thread of
/// their own (the rows in view first, then a few ahead), kept in memory
/// for a few screens of rows. Used from the loop's thread only.
final class CatalogCovers {
    private let kept: KeptResults<CatalogCoverJob, String, FetchedCatalogCover>

    /// Pictures kept in memory.
    static let coversKept = 48
    /// Entries past the last one in view whose pictures are fetched ahead.
    static let ahead = 4
    /// How large a picture may be, and how long its transfer may take.
    static let limits = TransferLimits(maximumBytes: 2 << 20, limitName: "the 2 MB a cover may take", totalSeconds: 15,
                                       connectSeconds: 5, stallSeconds: 5, maximumRedirects: 5)
    static let imageLimits = ImageLimits(maximumSide: 8192, maximumPixels: 16_000_000, maximumInterlacedBytes: 16 << 20)

    /// Nil when no thread can be started: the rows keep their placeholders.
    init?() {
        let worker: LatestJobsWorker<CatalogCoverJob, String, FetchedCatalogCover>
        do {
            worker = try LatestJobsWorker(name: "catalog covers", niceness: ProcessResources.drawingAheadNiceness,
                                          key: \.key, resultKey: \.key) { job in
                FetchedCatalogCover(key: job.key, image: Self.fetch(job))
            }
        } catch {
            return nil
        }
        kept = KeptResults(worker: worker, capacity: Self.coversKept)
    }

    deinit { kept.stop() }

    /// The picture for `job` when it arrived; nil while on its way or when it failed.
    func image(for job: CatalogCoverJob) -> PixelBuffer? { kept.result(for: job.key)?.image }

    func want(_ jobs: [CatalogCoverJob]) { kept.want(jobs) }

    /// Takes in what arrived; true when anything did.
    func takeArrived() -> Bool { kept.takeResults() }

    var isWorking: Bool { kept.isWorking }

    /// Waits for every picture asked for; true when any arrived.
    func finishWork() -> Bool { kept.finishWork() }

    /// The picture of `job`, fetched and scaled to fit its box; a failure is one line on standard error.
    static func fetch(_ job: CatalogCoverJob) -> PixelBuffer? {
        do {
            let response = try HTTPClient(credentialsOf: try? WebAddress(job.catalog)).get(job.address, limits: limits,
                                                                                            accept: "image/*")
            let info = try ImageProbe.info(of: response.body, limits: imageLimits)
            let size = fitted(width: info.width, height: info.height, into: job.width, job.height)
            let decoded = try ImageDecoder.decode(response.body, width: size.width, height: size.height, limits: imageLimits)
            return opaque(decoded)
        } catch let error as NetworkError {
            StandardStreams.log("catalog cover \(error)")
        } catch {
            StandardStreams.log("catalog cover \(WebAddress.withoutUserinfo(job.address)): \(error)")
        }
        return nil
    }

    /// The largest size of `width` x `height`'s shape that fits the box (at least a pixel each way).
    static func fitted(width: Int, height: Int, into boxWidth: Int, _ boxHeight: Int) -> (width: Int, height: Int) {
        guard width > 0, height > 0 else { return (max(1, boxWidth), max(1, boxHeight)) }
        if width * boxHeight > height * boxWidth {
            return (max(1, boxWidth), max(1, height * boxWidth / width))
        }
        return (max(1, width * boxHeight / height), max(1, boxHeight))
    }

    /// Premultiplied pixels laid over white, as a picture on paper.
    static func opaque(_ image: DecodedImage) -> PixelBuffer {
        var buffer = PixelBuffer(width: image.width, height: image.height)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image.pixels[y * image.width + x]
                let white = 255 - (pixel >> 24)
                buffer[x, y] = min(255, (pixel >> 16 & 0xFF) + white) << 16 | min(255, (pixel >> 8 & 0xFF) + white) << 8
                    | min(255, (pixel & 0xFF) + white)
            }
        }
        return buffer
    }
}
