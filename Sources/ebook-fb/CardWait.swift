import Glibc
import LinuxDisplay
import LinuxInput
import LinuxSystem

/// A kiosk's reader starts with the system, not after it has settled: the
/// graphics driver may not have made its card yet, or udev not yet given
/// the card to the video group. Until a card can be opened it waits for
/// the card's folder to change (inotify, no polling), up to a limit; after
/// that opening the display reports what is wrong as it always does.
enum CardWait {
    /// How long a kiosk waits for its card (ms).
    static let limit = 30_000.0
    /// How long `--display auto` waits for a card when a framebuffer is
    /// already there (ms): a firmware framebuffer (efifb, vesafb) comes up
    /// before the DRM driver that replaces it, while a board without a DRM
    /// driver should not wait the whole limit at every start.
    static let limitBesideFramebuffer = 3_000.0

    /// The wait for `request`: the whole limit for drm, a short one for auto beside a framebuffer.
    static func limit(for request: DisplayRequest, framebuffer: String) -> Double {
        request == .auto && access(framebuffer, F_OK) == 0 ? limitBesideFramebuffer : limit
    }

    /// Returns once a card in `directory` (or `path`) opens for reading and
    /// writing, or when it can be opened no better by waiting, or after `limit`.
    /// `log` is told once how long it waited, when it did.
    static func untilUsable(directory: String, path: String?, limit: Double = limit, log: (String) -> Void) {
        let start = monotonicMilliseconds()
        let deadline = start + limit
        var waited = false
        defer {
            if waited {
                let seconds = (monotonicMilliseconds() - start) / 1000
                log("waited \((seconds * 100).rounded() / 100) s for a graphics card in \(directory)")
            }
        }
        while monotonicMilliseconds() < deadline {
            // Watched before looking, so a change in between is not missed.
            let watched = (try? FileSystem.directoryEntries(directory)) != nil ? directory : parent(of: directory)
            guard let watcher = try? DirectoryWatcher(path: watched) else { return }
            guard needsWaiting(directory: directory, path: path) else { return }
            waited = true
            let left = deadline - monotonicMilliseconds()
            guard left > 0, (try? PollSet([watcher.fileDescriptor]).waitForReadable(timeout: left)) != nil else { return }
        }
    }

    /// No card yet, or none that may be opened yet.
    private static func needsWaiting(directory: String, path: String?) -> Bool {
        let cards = path.map { [$0] } ?? CardDiscovery.cardPaths(in: directory)
        guard !cards.isEmpty else { return true }
        for card in cards {
            do throws(SystemError) {
                let file = try FileDescriptor.open(card, flags: O_RDWR | O_CLOEXEC)
                file.close()
                return false
            } catch {
                guard error.errno == EACCES || error.errno == ENOENT else { return false }
            }
        }
        return true
    }

    private static func parent(of directory: String) -> String {
        let trimmed = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        guard let slash = trimmed.lastIndex(of: "/"), slash != trimmed.startIndex else { return "/" }
        return String(trimmed[..<slash])
    }
}
