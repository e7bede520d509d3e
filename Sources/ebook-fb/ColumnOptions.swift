import ArgumentParser
import BookModel

/// `--columns`: how many pages the screen shows side by side.
struct ColumnOptions: ParsableArguments {
    @Option(help: "Pages side by side: auto (two where one page would hold lines of more than about 75 characters, one otherwise), 1 or 2. Fixed pages and vertical writing keep their own spreads.")
    var columns: ColumnChoice = .auto
}

/// `--columns auto|1|2`; any other value is refused by name.
extension ColumnChoice: ExpressibleByArgument {}
