import Devices

/// What the loop tells the service manager: READY=1 with what the first
/// frame shows, a STATUS= line whenever what is shown at rest changes,
/// RELOADING=1 on SIGHUP. A message that cannot be sent is a warning for
/// the log; it never stops the reader.
struct ServiceReports {
    let service: ServiceManager?
    private var lastLine: String?

    init(service: ServiceManager?) { self.service = service }

    /// The first frame is on the glass; `fallback` when the scene says nothing of itself.
    mutating func ready(_ status: SceneStatus, fallback: String) -> String? {
        guard let service else { return nil }
        let line = status.line ?? fallback
        lastLine = line
        return Self.problem { try service.ready(status: line) }
    }

    /// A frame at rest shows `status`: said when it differs from what was said last.
    mutating func rested(on status: SceneStatus) -> String? {
        guard let service, let line = status.line, line != lastLine else { return nil }
        lastLine = line
        return Self.problem { try service.status(line) }
    }

    func reloading() -> String? {
        guard let service else { return nil }
        return Self.problem { try service.reloading() }
    }

    private static func problem(_ send: () throws -> Void) -> String? {
        do { try send() } catch { return "\(error)" }
        return nil
    }
}
