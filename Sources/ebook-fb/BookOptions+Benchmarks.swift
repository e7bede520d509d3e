import Benchmarks
import BookModel
import Reader
import Typesetting

/// The benchmarks open the book as the reader does, with these options.
extension BookOptions: BenchmarkedBook {
    var publisherStylesArgument: String { publisherStyles.rawValue }

    func openForReading(geometry: PageGeometry, background: UInt32, snapshotFolder: String?,
                        stateStore: StateStore?, start: ReaderSession.Start) throws -> ReadingStart {
        try openForReading(geometry: geometry, background: background, patternSnapshots: .inFolder(snapshotFolder),
                           bookStructures: .inFolder(snapshotFolder), stateStore: stateStore, start: start)
    }
}
