import ArgumentParser
import BookModel

/// `--columns`: how many pages the screen shows side by side.
struct ColumnOptions: ParsableArguments {
    @Option(help: "Pages side by side: 1, 2 or auto (two where one page would hold lines of more than about 75 characters, one otherwise). Fixed pages and vertical writing keep their own spreads.")
    var columns: ColumnChoice = .one
}

/// `--columns auto|1|2`; any other value is refused by name.
extension ColumnChoice: ExpressibleByArgument {}
