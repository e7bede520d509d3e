import ArgumentParser
import DeveloperTools

struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Replay a touch recording and print frames, gestures and scroll-view messages as JSON lines.")

    @Option(help: "An evemu recording (.events, or one file with the device description too).")
    var replay: String

    @Option(help: "The evemu device description (.desc) when the recording has none.")
    var desc: String?

    @Option(help: "Screen size in pixels, WIDTHxHEIGHT.")
    var size: String

    @Option(help: "Drive the reader's paging scroll view over this many pages.")
    var pages: Int?

    @Option(help: "Display rotation in degrees: 0, 90, 180 or 270.")
    var rotate: Int = 0

    @Option(name: .customLong("touch-matrix"), help: "Calibration matrix a,b,c,d,e,f (libinput style).")
    var touchMatrix: String?

    @Flag(help: "Print every touch frame in screen pixels.")
    var frames = false

    func run() throws {
        print(try TraceReplay(replay: replay, desc: desc, size: size, pages: pages, rotate: rotate,
                              touchMatrix: touchMatrix, frames: frames).run(), terminator: "")
    }
}
