import BookModel
import FoundationEssentials
import LinuxSystem
import Raster
import Typesetting

/// The kiosk's settings, from `/etc/ebook-fb.conf` and its drop-ins
/// (`KioskSettingsFiles`): `KEY=value` lines, `#` comments, values
/// optionally in quotes, an empty value meaning the default. The same
/// syntax systemd's `EnvironmentFile=` reads, so the file can also be
/// handed to a unit as environment. Keys may also be written in lower
/// case with dashes (`font-size`, `touch-matrix`).
public struct KioskConfiguration: Equatable, Sendable {
    /// One book to open; when nil, the folder's last read (or first) book.
    public var book: String?
    public var booksFolder: String?
    /// A font file; nil means DejaVu Serif through fontconfig.
    public var font: String?
    public var fontSize = 20
    /// Pages side by side: auto, 1 or 2 (`--columns`).
    public var columns = ColumnChoice.one
    public var theme = "light"
    /// WIDTHxHEIGHT; nil means the screen's preferred mode.
    public var mode: String?
    public var rotate = 0
    /// Six numbers a,b,c,d,e,f (libinput's calibration matrix).
    public var touchMatrix: String?
    public var touchDevice: String?
    public var tty = "/dev/tty1"
    /// Refuse switching away from the reader's VT.
    public var lockVT = true
    /// The books' charset (a name ICU knows); nil means detect each book's.
    public var encoding: String?
    /// What the menu offers.
    public var menu = MenuPolicy.full
    /// A kiosk's visitors leave no notes for the next one unless told to keep them.
    public var notes = NotesPolicy.session
    /// A folder of dictionaries besides the system's.
    public var dictionaries: String?
    /// Back to the start after this many minutes untouched; nil: never.
    public var idleResetMinutes: Int?
    /// The screen turned off after this many minutes untouched; nil: never.
    public var blankAfterMinutes: Int?
    /// How large the interface is drawn (large print); nil: as chosen on the text panel, else 1x.
    public var interfaceScale: InterfaceScale?
    /// The interface's languages a visitor may choose, the first the default (`LANGUAGES=de,en,fr`); empty: the system's.
    public var languages: [String] = []
    /// The spoken interface for visitors who cannot see the screen (`ACCESSIBLE=spoken`).
    public var spokenInterface = false
    /// The ALSA device speech is played on; nil: ALSA's default.
    public var audioDevice: String?
    /// How frames reach the panel: standard, or eink.
    public var displayMode = DisplayMode.standard

    /// An OPDS acquisition feed the books folder is kept in step with (`ebook-fb sync-shelf --config`).
    public var shelf: String?
    /// Minutes between two syncs of the shelf; nil: only once, at start.
    public var shelfSyncMinutes: Int?
    /// The largest book a download takes, in MB (the catalogs screen and the shelf); nil: 500.
    public var maxBookMegabytes: Int?
    /// Space a download leaves free on the books folder's file system, in MB; nil: 200.
    public var minFreeMegabytes: Int?
    /// A folder for Prometheus's textfile collector (`--metrics-dir`); nil: no metrics.
    public var metricsDirectory: String?

    /// The OPDS catalogs the library offers to browse (`CATALOG=Name|URL`,
    /// one a line: unlike other keys, each adds one; an empty value drops those set before).
    public var catalogs: [CatalogSource] = []

    /// Where the reader draws: drm, fbdev or auto (`--display`).
    public var displayDevice = "drm"

    public static let keys = ["BOOK", "BOOKS", "FONT", "FONT_SIZE", "COLUMNS", "THEME", "MODE", "ROTATE",
                              "TOUCH_MATRIX", "TOUCH_DEVICE", "TTY", "LOCK_VT", "ENCODING", "MENU", "NOTES", "DICTIONARIES", "IDLE_RESET",
                              "BLANK_AFTER",
                              "UI_SCALE", "LANGUAGES", "ACCESSIBLE", "AUDIO_DEVICE",
                              "DISPLAY_MODE", "DISPLAY_DEVICE", "SHELF", "SHELF_SYNC", "METRICS_DIR", "MAX_BOOK_MB", "MIN_FREE_MB", "CATALOG"]
    /// Keys that add to a list, each line one more, rather than replace what was set before.
    public static let listKeys: Set<String> = ["CATALOG"]
    /// The longest idle time a timer takes, in minutes (a day).
    public static let longestIdleMinutes = 1440

    public init() {}

    /// Reads `path` and its drop-ins; errors say which file and line and what to write instead.
    public static func load(path: String) throws(KioskConfigurationError) -> KioskConfiguration {
        try KioskSettingsFiles(mainPath: path).load()
    }

    /// One file's settings; the first problem, when there is one, thrown.
    public init(parsing text: String, source: String) throws(KioskConfigurationError) {
        for line in Self.settings(in: text, source: source) {
            let setting = try line.get()
            try set(setting.key, to: setting.value, at: setting.place)
        }
    }

    /// The `KEY=value` lines of one file, keys in their canonical spelling
    /// (upper case, `_` for `-`), and the lines that are none, in order.
    static func settings(in text: String, source: String) -> [Result<KioskSetting, KioskConfigurationError>] {
        var lines: [Result<KioskSetting, KioskConfigurationError>] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingSpacesAndTabs
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            let place = "\(source):\(index + 1)"
            guard let equals = line.firstIndex(of: "=") else {
                lines.append(.failure(KioskConfigurationError("\(place): expected KEY=value, found \"\(line)\"")))
                continue
            }
            let key = String(line[..<equals].trimmingSpacesAndTabs.uppercased().map { $0 == "-" ? "_" : $0 })
            let value = Self.unquote(line[line.index(after: equals)...].trimmingSpacesAndTabs)
            lines.append(.success(KioskSetting(key: key, value: value, place: place)))
        }
        return lines
    }

    mutating func set(_ key: String, to value: String, at place: String) throws(KioskConfigurationError) {
        let given: String? = value.isEmpty ? nil : value
        switch key {
        case "BOOK": book = given
        case "BOOKS": booksFolder = given
        case "FONT": font = given
        case "FONT_SIZE":
            guard let given else { fontSize = 20; return }
            guard let size = Int(given), (6...400).contains(size) else {
                throw KioskConfigurationError("\(place): FONT_SIZE: \"\(given)\": a whole number of pixels from 6 to 400")
            }
            fontSize = size
        case "COLUMNS":
            guard let choice = ColumnChoice(rawValue: (given ?? "1").lowercased()) else {
                throw KioskConfigurationError("\(place): COLUMNS: \"\(value)\": use auto, 1 or 2")
            }
            columns = choice
        case "THEME":
            let theme = given ?? "light"
            guard Theme(named: theme) != nil else {
                throw KioskConfigurationError("\(place): THEME: \"\(theme)\": use \(Theme.namesListed)")
            }
            self.theme = theme
        case "MODE": mode = given
        case "ROTATE":
            guard let given else { rotate = 0; return }
            guard let degrees = Int(given), [0, 90, 180, 270].contains(degrees) else {
                throw KioskConfigurationError("\(place): ROTATE: \"\(given)\": use 0, 90, 180 or 270")
            }
            rotate = degrees
        case "TOUCH_MATRIX":
            if let given {
                let numbers = given.split(separator: ",").map { Double($0.trimmingSpacesAndTabs) }
                guard numbers.count == 6, numbers.allSatisfy({ $0 != nil }) else {
                    throw KioskConfigurationError("\(place): TOUCH_MATRIX: \"\(given)\": six numbers a,b,c,d,e,f")
                }
            }
            touchMatrix = given
        case "TOUCH_DEVICE": touchDevice = given
        case "TTY": tty = given ?? "/dev/tty1"
        case "LOCK_VT":
            switch (given ?? "yes").lowercased() {
            case "yes", "true", "1", "on": lockVT = true
            case "no", "false", "0", "off": lockVT = false
            default: throw KioskConfigurationError("\(place): LOCK_VT: \"\(value)\": use yes or no")
            }
        case "ENCODING":
            if let given {
                do { _ = try TextEncoding.named(given) } catch {
                    throw KioskConfigurationError("\(place): ENCODING: \"\(given)\": not a charset name ICU knows "
                                                  + "(e.g. windows-1251, Shift_JIS, GB18030, KOI8-R)")
                }
            }
            encoding = given
        case "MENU":
            guard let policy = MenuPolicy(rawValue: (given ?? "full").lowercased()) else {
                throw KioskConfigurationError("\(place): MENU: \"\(value)\": use full or reading")
            }
            menu = policy
        case "NOTES":
            guard let policy = NotesPolicy(rawValue: (given ?? "session").lowercased()) else {
                throw KioskConfigurationError("\(place): NOTES: \"\(value)\": use keep, session or off")
            }
            notes = policy
        case "DICTIONARIES": dictionaries = given
        case "METRICS_DIR": metricsDirectory = given
        case "IDLE_RESET": idleResetMinutes = try Self.minutes(given, key: key, at: place)
        case "BLANK_AFTER": blankAfterMinutes = try Self.minutes(given, key: key, at: place)
        case "UI_SCALE":
            guard let given else { interfaceScale = nil; return }
            guard let scale = InterfaceScale(parsing: given) else {
                throw KioskConfigurationError("\(place): UI_SCALE: \"\(given)\": use \(InterfaceScale.choices) (times the normal size)")
            }
            interfaceScale = scale
        case "LANGUAGES":
            let codes = (given ?? "").split(separator: ",").map { String($0.filter { $0 != " " }) }.filter { !$0.isEmpty }
            if let bad = codes.first(where: { !Self.isLanguageCode($0) }) {
                throw KioskConfigurationError("\(place): LANGUAGES: \"\(bad)\": use catalog names such as de, en, zh_Hans, comma-separated")
            }
            languages = codes
        case "ACCESSIBLE":
            switch (given ?? "off").lowercased() {
            case "spoken": spokenInterface = true
            case "off": spokenInterface = false
            default: throw KioskConfigurationError("\(place): ACCESSIBLE: \"\(value)\": use spoken or off")
            }
        case "AUDIO_DEVICE":
            if let given, given.contains(where: { $0.isWhitespace || $0.isNewline }) {
                throw KioskConfigurationError("\(place): AUDIO_DEVICE: \"\(value)\": an ALSA device name has no spaces (hw:0, plughw:1,0, default)")
            }
            audioDevice = given
        case "DISPLAY_MODE":
            guard let mode = DisplayMode(rawValue: (given ?? "standard").lowercased()) else {
                throw KioskConfigurationError("\(place): DISPLAY_MODE: \"\(value)\": use \(DisplayMode.choices)")
            }
            displayMode = mode
        case "DISPLAY_DEVICE":
            let device = (given ?? "drm").lowercased()
            guard ["drm", "kms", "fbdev", "auto"].contains(device) else {
                throw KioskConfigurationError("\(place): DISPLAY_DEVICE: \"\(value)\": use drm, fbdev or auto")
            }
            displayDevice = device == "kms" ? "drm" : device
        case "SHELF":
            let scheme = given?.split(separator: ":").first?.lowercased()
            if given != nil, scheme != "http" && scheme != "https" {
                // The value is not repeated: it may hold a password.
                throw KioskConfigurationError("\(place): SHELF: not an http or https address of an OPDS feed")
            }
            shelf = given
        case "SHELF_SYNC": shelfSyncMinutes = try Self.minutes(given, key: key, at: place)
        case "MAX_BOOK_MB": maxBookMegabytes = try Self.megabytes(given, key: key, in: 1...1_000_000, at: place)
        case "MIN_FREE_MB": minFreeMegabytes = try Self.megabytes(given, key: key, in: 0...1_000_000, at: place)
        case "CATALOG":
            guard let given else { catalogs = []; return }
            do throws(CatalogSource.Problem) {
                catalogs.append(try CatalogSource(parsing: given))
            } catch {
                throw KioskConfigurationError(at: place, key: key, error.description)
            }
        default:
            let guess = Self.nearestKey(to: key).map { "did you mean \($0)? " } ?? ""
            throw KioskConfigurationError(at: place, key: key, "unknown setting; \(guess)known: " + Self.keys.joined(separator: ", "))
        }
    }

    /// The known key a typo most likely meant: at most two letters
    /// added, dropped or changed.
    static func nearestKey(to key: String) -> String? {
        let scored = keys.map { ($0, editDistance(Array(key), Array($0))) }.filter { $0.1 <= 2 }
        return scored.min { $0.1 < $1.1 }?.0
    }

    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// A language as catalogs are named: two or three letters, then a region or script ("pt_BR", "zh_Hans").
    private static func isLanguageCode(_ code: String) -> Bool {
        let parts = code.split(separator: "_", omittingEmptySubsequences: false).flatMap { $0.split(separator: "-") }
        guard let language = parts.first, (2...3).contains(language.count), parts.count <= 2 else { return false }
        return parts.allSatisfy { !$0.isEmpty && $0.count <= 4 && $0.allSatisfy { $0.isASCII && $0.isLetter } }
    }

    /// An idle time: whole minutes up to a day; empty or 0 means never.
    private static func megabytes(_ given: String?, key: String, in range: ClosedRange<Int>,
                                  at place: String) throws(KioskConfigurationError) -> Int? {
        guard let given else { return nil }
        guard let value = Int(given), range.contains(value) else {
            throw KioskConfigurationError(at: place, key: key, "\"\(given)\": a whole number of MB from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    private static func minutes(_ given: String?, key: String, at place: String) throws(KioskConfigurationError) -> Int? {
        guard let given else { return nil }
        guard let minutes = Int(given), (0...longestIdleMinutes).contains(minutes) else {
            throw KioskConfigurationError("\(place): \(key): \"\(given)\": a whole number of minutes from 1 to "
                                          + "\(longestIdleMinutes) (0 or empty: never)")
        }
        return minutes == 0 ? nil : minutes
    }

    private static func unquote(_ value: String) -> String {
        for quote in ["\"", "'"] where value.count >= 2 && value.hasPrefix(quote) && value.hasSuffix(quote) {
            return String(value.dropFirst().dropLast())
        }
        return value
    }

    /// The reader's command line (`ebook-fb read ...`) for `book` in kiosk mode.
    public func readerArguments(book: String) -> [String] {
        var arguments = [book, "--display", displayDevice, "--kiosk", "--tty", tty,
                         "--font-size", String(fontSize), "--theme", theme, "--rotate", String(rotate),
                         "--notes", notes.rawValue]
        if columns != .one { arguments += ["--columns", columns.rawValue] }
        if let font { arguments += ["--font", font] }
        if let mode { arguments += ["--mode", mode] }
        if let touchMatrix { arguments += ["--touch-matrix", touchMatrix] }
        if let touchDevice { arguments += ["--touch-device", touchDevice] }
        if let encoding { arguments += ["--encoding", encoding] }
        if let dictionaries { arguments += ["--dictionaries", dictionaries] }
        if menu != .full { arguments += ["--menu", menu.rawValue] }
        if let idleResetMinutes { arguments += ["--idle-reset", String(idleResetMinutes)] }
        if let blankAfterMinutes { arguments += ["--blank-after", String(blankAfterMinutes)] }
        if lockVT { arguments.append("--lock-vt") }
        if let interfaceScale { arguments += ["--ui-scale", interfaceScale.label] }
        if spokenInterface { arguments.append("--spoken") }
        if let audioDevice { arguments += ["--audio-device", audioDevice] }
        if !languages.isEmpty { arguments += ["--languages", languages.joined(separator: ",")] }
        if displayMode != .standard { arguments += ["--display-mode", displayMode.rawValue] }
        if let metricsDirectory { arguments += ["--metrics-dir", metricsDirectory] }
        for catalog in catalogs { arguments += ["--catalog", catalog.name + "|" + catalog.address] }
        if !catalogs.isEmpty, let maxBookMegabytes { arguments += ["--max-book-mb", String(maxBookMegabytes)] }
        if !catalogs.isEmpty, let minFreeMegabytes { arguments += ["--min-free-mb", String(minFreeMegabytes)] }
        return arguments
    }
}
