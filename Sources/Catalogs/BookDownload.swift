import BookFormats
import Glibc
import LinuxSystem
import Network

/// One book file fetched from a catalog into a folder: written to a hidden
/// temporary file there, bounded in size and time and by the space to be
/// left free, checked to open as the book it was offered as, then renamed
/// into place. A failure leaves nothing behind, or (when asked) the part
/// that arrived before the connection broke, for the next try to resume.
public struct BookDownload {
    private let client: HTTPClient
    public var maximumBytes: Int
    public var totalSeconds: Int
    public var minimumFreeBytes: Int

    public init(client: HTTPClient, maximumBytes: Int, totalSeconds: Int, minimumFreeBytes: Int) {
        self.client = client
        self.maximumBytes = maximumBytes
        self.totalSeconds = totalSeconds
        self.minimumFreeBytes = minimumFreeBytes
    }

    /// A book now in the folder.
    public struct Fetched: Equatable, Sendable {
        public var name: String
        public var validators: HTTPValidators
        public var status: FileStatus
    }

    public enum Outcome: Equatable, Sendable {
        case fetched(Fetched)
        /// The conditional request found the book unchanged; nothing was written.
        case notModified
    }

    /// The hidden name a download of `link` is written to first: the same
    /// for the same link and `version` (the entry's date), so a part kept
    /// from a broken transfer is found again, and only for that version.
    public static func temporaryName(for link: CatalogLink, version: String?) -> String {
        ".ebook-fb-" + BookFileName.hashName(link.href + "\n" + (version ?? "")) + "-part."
            + (BookFileType.fileExtension(mediaType: link.type) ?? "book")
    }

    /// Whether `name` is one of the temporary files downloads write.
    public static func isTemporaryName(_ name: String) -> Bool { name.hasPrefix(".ebook-fb-") && name.contains("-part.") }

    /// Fetches `link` into `folder` (made when missing) as `name`; a file
    /// of that name is replaced when `replacing`, else the book takes the
    /// next free name (`name (2).epub`). `keepPartial` keeps what arrived when the
    /// connection broke or stalled, and resumes from it (for the same `version`). With
    /// `unlessMatching`, a server whose copy is still that one sends nothing.
    /// `progress` is told, on this thread, how much of the file has arrived
    /// (its whole size from the server, else from the catalog). A transfer
    /// `cancellation` stops leaves nothing behind, `keepPartial` or not.
    public func fetch(_ link: CatalogLink, kind: BookFileType, into folder: String, as name: String, replacing: Bool = false, keepPartial: Bool = false,
                      version: String? = nil, unlessMatching: HTTPValidators? = nil,
                      progress: ((TransferProgress) -> Void)? = nil,
                      cancellation: TransferCancellation? = nil) throws(CatalogError) -> Outcome {
        do throws(SystemError) { try FileSystem.createDirectories(folder) } catch {
            throw CatalogError(place: folder, problem: "cannot make the folder: \(error)")
        }
        let limits = try transferLimits(folder: folder, link: link)
        let temporary = folder + "/" + Self.temporaryName(for: link, version: version)
        let transfer: FileTransfer
        do {
            transfer = try client.download(link.href, to: temporary, limits: limits, resume: keepPartial,
                                           unlessMatching: unlessMatching, progress: progress.map { report in
                { report(TransferProgress(bytes: $0.bytes, expectedBytes: $0.expectedBytes ?? link.length)) }
            }, cancellation: cancellation)
        } catch {
            let resumable = error.kind == .unreachable || error.kind == .timedOut
            if !(keepPartial && resumable) || Self.size(of: temporary) == 0 { try? FileSystem.removeFile(temporary) }
            throw CatalogError(error)
        }
        guard case let .complete(result) = transfer else {
            try? FileSystem.removeFile(temporary)
            return .notModified
        }
        do throws(CatalogError) {
            try check(temporary, kind: kind, address: result.finalAddress)
            var name = name
            if !replacing, (try? FileSystem.status(folder + "/" + name)) != nil {
                let names = (try? FileSystem.directoryEntries(folder)) ?? []
                name = BookFileName.unique(name, taken: Set(names))
            }
            let destination = folder + "/" + name
            do throws(SystemError) {
                let file = try FileDescriptor.open(temporary, flags: O_RDONLY | O_CLOEXEC)
                defer { file.close() }
                try file.synchronize()
                try FileSystem.rename(temporary, to: destination)
            } catch {
                throw CatalogError(place: destination, problem: "cannot put the book in place: \(error)")
            }
            FileSystem.synchronizeFolder(folder)
            guard let status = try? FileSystem.status(destination) else {
                throw CatalogError(place: destination, problem: "gone right after it was put in place")
            }
            return .fetched(Fetched(name: name, validators: result.validators, status: status))
        } catch {
            try? FileSystem.removeFile(temporary)
            throw error
        }
    }

    /// The byte limit: the largest book allowed, or less when the folder's
    /// file system would be left with less than the space to keep free.
    private func transferLimits(folder: String, link: CatalogLink) throws(CatalogError) -> TransferLimits {
        let available: Int
        do throws(SystemError) { available = try FileSystem.availableBytes(at: folder) } catch {
            throw CatalogError(place: folder, problem: "cannot tell the free space: \(error)")
        }
        let room = available - minimumFreeBytes
        let megabytes = TransferLimits.megabytes
        guard room > 0 else {
            throw CatalogError(place: folder, problem: "only \(available >> 20) MB free; \(megabytes(minimumFreeBytes)) MB are kept "
                               + "free (--min-free-mb): nothing downloaded")
        }
        let limits = room < maximumBytes
            ? TransferLimits(maximumBytes: room, limitName: "the \(room >> 20) MB that may be used on \(folder) "
                             + "(\(megabytes(minimumFreeBytes)) MB are kept free, --min-free-mb)", totalSeconds: totalSeconds)
            : TransferLimits(maximumBytes: maximumBytes, limitName: "the limit of \(megabytes(maximumBytes)) MB (--max-mb)",
                             totalSeconds: totalSeconds)
        if let length = link.length, length > limits.maximumBytes {
            throw CatalogError(place: link.href, problem: "the catalog gives \(megabytes(length)) MB, larger than \(limits.limitName); "
                               + "not downloaded")
        }
        return limits
    }

    /// The file must open as a book of the kind it was offered as: an
    /// error page or a truncated archive is not put among the books.
    private func check(_ path: String, kind: BookFileType, address: String) throws(CatalogError) {
        let formats = BookFormats()
        let format = formats.format(ofFileAt: path)
        guard format.name == kind.formatName else {
            let found = format.name == "text" ? "text (an error page?)" : "a file of another kind (\(format.name))"
            throw CatalogError(place: address, problem: "the server sent \(found) where \(kind.formatName) was offered; not kept")
        }
        do {
            _ = try format.open(path: path, window: 1 << 20)
        } catch {
            throw CatalogError(place: address, problem: "what arrived does not open as a book (\(formats.reason(error))); not kept")
        }
    }

    private static func size(of path: String) -> Int { (try? FileSystem.status(path))?.size ?? 0 }
}
