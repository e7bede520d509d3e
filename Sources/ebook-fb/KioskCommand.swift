import ArgumentParser
import FoundationEssentials
import Glibc
import LinuxSystem
import Reader

/// `ebook-fb kiosk`: the reader as the ebook-fb service runs it. Settings
/// come from the kiosk's file and its drop-ins; it opens the configured
/// book where it was left, or the library of the books folder; what goes
/// wrong is drawn on the screen with what to do, not left as a blank
/// panel. SIGHUP reads the settings again.
struct KioskCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kiosk",
        abstract: "Run as the kiosk's screen (the ebook-fb service): settings from a file, the last book reopened, errors shown on screen.")

    @Option(help: "The settings file (KEY=value lines).")
    var config: String = "/etc/ebook-fb.conf"

    @Option(help: "The virtual terminal to take over, instead of the file's TTY (ebook-fb@ttyN.service).")
    var tty: String?

    @Flag(help: "Check the settings and say which book would open and how, without taking the screen.")
    var check = false

    @Flag(name: .customLong("check-config"),
          help: "Check the settings file and its drop-ins (FILE.d/*.conf): silent with exit 0 when all is sound, else one line per problem (path:line: KEY: what) and exit 1.")
    var checkConfig = false

    @Flag(help: "With --check-config: print the merged settings as one JSON object.")
    var json = false

    func validate() throws {
        if json && !checkConfig { throw ValidationError("--json goes with --check-config") }
    }

    /// Runs the reading (or the settings' problem) until the service
    /// stops it; SIGHUP stops it for the settings to be read again, and it
    /// starts over with them at the place kept, in the same process.
    func run() throws {
        if checkConfig { return try checkSettings() }
        var settings = loadSettings()
        var reloads = 0
        var reopening: String?
        while true {
            let stop = try runOnce(settings, reopening: reopening, reloads: reloads)
            guard stop.forReload, !check else { return }
            reloads += 1
            reopening = stop.bookOpenInLibrary
            let reloaded = KioskReload.settings(inUse: settings, reread: loadSettings())
            settings = reloaded.settings
            log(reloaded.journal)
        }
    }

    private func loadSettings() -> KioskReload.Settings {
        Result { () throws(KioskConfigurationError) in
            var configuration = try KioskConfiguration.load(path: config)
            if let tty { configuration.tty = tty }
            return configuration
        }
    }

    /// `--check-config`: every problem of every file, or the merged settings.
    private func checkSettings() throws {
        let reading = KioskSettingsFiles(mainPath: config).read()
        guard reading.problems.isEmpty else {
            for problem in reading.problems { StandardStreams.writeError(problem.description.escapingControlCharacters) }
            throw ExitCode.failure
        }
        if json {
            var object = JSONLine()
            var listed: Set<String> = []
            for setting in reading.merged {
                guard KioskConfiguration.listKeys.contains(setting.key) else {
                    object.add(setting.key, setting.value)
                    continue
                }
                // A list key is one array of its lines.
                if listed.insert(setting.key).inserted {
                    object.add(setting.key, strings: reading.merged.filter { $0.key == setting.key }.map(\.value))
                }
            }
            print(object.text)
        }
    }

    /// One reading with `settings`, or their problem on the screen, until stopped.
    private func runOnce(_ settings: KioskReload.Settings, reopening: String?, reloads: Int) throws -> ReaderStop {
        let configuration: KioskConfiguration
        switch settings {
        case let .success(loaded): configuration = loaded
        case let .failure(error):
            if check { throw CommandError(error.description) }
            return try showError(error.description, remedy: "Correct the setting in \(config), then reload: systemctl reload ebook-fb",
                                 configuration: KioskConfiguration())
        }
        let crashGuard = CrashLoopGuard(stateDirectory: stateDirectory, boot: CrashLoopGuard.currentBoot())
        // A check only looks: counting would take the running kiosk's note.
        let setAside: Set<String>
        if check {
            setAside = crashGuard.setAside
        } else {
            let start = crashGuard.start()
            for line in start.journal { log(line) }
            setAside = start.setAside
        }
        if let book = configuration.book, setAside.contains(book) {
            if check { throw CommandError(ReadCommand.setAsideProblem(book)) }
            return try showError(ReadCommand.setAsideProblem(book), remedy: "Choose another book with BOOK= in \(config), or remove "
                                 + "\(crashGuard.path) to try this one again; then restart: systemctl restart ebook-fb",
                                 configuration: configuration)
        }
        let book: String
        do {
            book = try chooseBook(configuration, setAside: setAside)
        } catch {
            if check { throw CommandError(error.description) }
            return try showError(error.description, remedy: "Set BOOKS= to a folder the service can read, or BOOK= to a book, in "
                                 + "\(config), then reload: systemctl reload ebook-fb", configuration: configuration)
        }
        var arguments = configuration.readerArguments(book: book)
        // After a reload, the book that was open over the library opens again at its place.
        if let reopening, book == configuration.booksFolder, reopening.hasPrefix(book.hasSuffix("/") ? book : book + "/") {
            arguments += ["--open", reopening]
        }
        if check {
            _ = try ReadCommand.parse(arguments) // the same validation the reader does
            print("ebook-fb " + arguments.map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " "))
            return ReaderStop(forReload: false)
        }
        log("opening \(book) (settings from \(config) and its drop-ins)")
        do {
            let reader = try ReadCommand.parse(arguments)
            return try reader.read(reloads: reloads)
        } catch {
            return try showError(ReadCommand.message(for: error), remedy: remedy(for: error, book: book),
                                 configuration: configuration)
        }
    }

    /// The book set with BOOK, else the BOOKS folder, which opens on its
    /// library; a menu for reading only offers no library, so the kiosk
    /// then opens the folder's book read last (else its first) of those
    /// not set aside.
    private func chooseBook(_ configuration: KioskConfiguration, setAside: Set<String>) throws(KioskConfigurationError) -> String {
        if let book = configuration.book { return book }
        guard let folder = configuration.booksFolder else {
            throw KioskConfigurationError("\(config): neither BOOK nor BOOKS is set")
        }
        // Listed now so that a missing or unreadable folder is told at once, on the screen.
        let books = try KioskBookChoice.books(inFolder: folder).filter { !setAside.contains($0) }
        guard !configuration.menu.offersLibrary else { return folder }
        let store = StateStore(directory: stateDirectory)
        guard let book = KioskBookChoice.choose(configuredBook: nil, folderBooks: books, saved: store.savedReadings()) else {
            throw KioskConfigurationError("\(folder): no book to open (MENU=reading offers no library)")
        }
        return book
    }

    private var stateDirectory: String { StateStore.defaultDirectory(environment: ProcessInfo.processInfo.environment) }

    private func remedy(for error: Error, book: String) -> String {
        let text = "\(error)"
        if text.contains(book) {
            return "Check that \(book) exists and is a readable book (plain text or EPUB), or choose another book in \(config); "
                + "then restart: systemctl restart ebook-fb"
        }
        if text.lowercased().contains("font") {
            return "Set FONT= in \(config) to a font file that exists, or leave it empty; then restart: systemctl restart ebook-fb"
        }
        return "See journalctl -u ebook-fb, correct \(config), then restart: systemctl restart ebook-fb"
    }

    /// Draws the problem until the service is stopped or reloaded; without
    /// a screen to draw on, fails so that systemd logs it and starts us again.
    private func showError(_ problem: String, remedy: String, configuration: KioskConfiguration) throws -> ReaderStop {
        log("error: \(problem); \(remedy)")
        do {
            let reload = try KioskErrorScreen(problem: problem, remedy: remedy, configuration: configuration).showUntilStopped()
            return ReaderStop(forReload: reload)
        } catch {
            log("cannot show the error on screen: \(error)")
            throw ExitCode.failure
        }
    }

    private func log(_ text: String) {
        StandardStreams.log(text)
    }
}
