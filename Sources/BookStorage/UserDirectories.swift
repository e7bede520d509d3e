#if canImport(Glibc)
import Glibc
#endif

/// Where the reader keeps its own files: as systemd gives a service its
/// folders, else as the XDG base directories say, else under the home.
public enum UserDirectories {
    /// The reader's folder of one kind: `$<systemd>` (a service's
    /// StateDirectory= or CacheDirectory=), else `$<xdg>/ebook-fb`, else
    /// `~/<underHome>/ebook-fb`.
    public static func folder(systemd: String, xdg: String, underHome: String,
                              environment: [String: String]) -> String {
        if let given = environment[systemd], !given.isEmpty {
            // systemd may list several, separated by colons.
            return String(given.split(separator: ":").first ?? Substring(given))
        }
        if let base = environment[xdg], !base.isEmpty { return base + "/ebook-fb" }
        return home(environment: environment) + "/" + underHome + "/ebook-fb"
    }

    /// `$HOME`, else the home directory of the account the process runs as
    /// (a service may have no HOME), else `/`.
    public static func home(environment: [String: String]) -> String {
        if let home = environment["HOME"], !home.isEmpty { return home }
        guard let account = getpwuid(getuid()), let directory = account.pointee.pw_dir else { return "/" }
        return String(cString: directory)
    }
}
