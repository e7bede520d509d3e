import ArgumentParser
import Reader

extension MenuPolicy: ExpressibleByArgument {}
extension NotesPolicy: ExpressibleByArgument {}

/// The kiosk's policies (`MENU=`, `NOTES=`, `IDLE_RESET=`, `BLANK_AFTER=`
/// in its settings file), as the reader takes them.
struct KioskPolicyOptions: ParsableArguments {
    @Option(help: "What the menu offers: full, or reading (paging, contents, search and bookmarks: no library, no text settings).")
    var menu: MenuPolicy = .full

    @Option(help: "Highlights and notes: keep (with the book), session (cleared at the idle reset), or off.")
    var notes: NotesPolicy = .keep

    @Option(name: .customLong("idle-reset"), parsing: .unconditional, help: "Go back to the start of the book after this many minutes untouched.")
    var idleReset: Int?

    @Option(name: .customLong("blank-after"), parsing: .unconditional,
            help: "Turn the screen off (DPMS) after this many minutes untouched; the first touch only wakes it.")
    var blankAfter: Int?

    func validate() throws {
        for (name, minutes) in [("--idle-reset", idleReset), ("--blank-after", blankAfter)] {
            if let minutes, !(1...KioskConfiguration.longestIdleMinutes).contains(minutes) {
                throw ValidationError("\(name) \(minutes): a whole number of minutes from 1 to "
                                      + "\(KioskConfiguration.longestIdleMinutes)")
            }
        }
    }

    /// The loop's idle timers, counted from `start` (ms).
    func idleTimers(start: Double) -> IdleTimers {
        IdleTimers(blankAfter: blankAfter.map { Double($0) * 60_000 }, resetAfter: idleReset.map { Double($0) * 60_000 },
                   start: start)
    }
}
