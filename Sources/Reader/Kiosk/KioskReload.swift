/// The settings a kiosk goes on with after a reload (SIGHUP, `systemctl
/// reload ebook-fb`): those just read when they are sound; when they have
/// a problem and those in use had none, those in use, so a typo pushed to
/// a fleet leaves its screens reading as they were (the problem in the
/// journal); when neither is sound, the new problem, for the error screen.
public enum KioskReload {
    public typealias Settings = Result<KioskConfiguration, KioskConfigurationError>

    public static func settings(inUse: Settings, reread: Settings) -> (settings: Settings, journal: String) {
        switch (reread, inUse) {
        case (.success, _):
            return (reread, "reloaded the settings")
        case let (.failure(problem), .success):
            return (inUse, "the reloaded settings have a problem, kept those in use: \(problem)")
        case let (.failure(problem), .failure):
            return (reread, "the reloaded settings still have a problem: \(problem)")
        }
    }
}
