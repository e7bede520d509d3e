import Gestures

/// Touch frames (and commands) known in advance, delivered at their times:
/// a recording replayed in virtual time, or a scripted run. A recording
/// lasts until its last event (`lastsUntil`), even one that changes no
/// touch: time runs on to it with nothing touched (a kiosk's idle timers).
public final class RecordedInput: InputSource {
    private var items: [(time: Double, item: InputItem)]
    private var next = 0
    /// The end of the recording, while it is still to come.
    private var end: Double?

    public init(frames: [TouchFrame], commands: [(time: Double, command: ReaderCommand)] = [],
                lastsUntil end: Double? = nil) {
        let touches = frames.map { (time: $0.time, item: InputItem.touches($0)) }
        let keys = commands.map { (time: $0.time, item: InputItem.command($0.command, time: $0.time)) }
        // Stable: touches before keys at one time, each in its given order.
        items = (touches + keys).enumerated().sorted { a, b in
            a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
        }.map(\.element)
        self.end = end.flatMap { end in end > (items.last?.time ?? -.infinity) ? end : nil }
    }

    public var pollDescriptors: [Int32] { [] }
    public var nextInputTime: Double? { next < items.count ? items[next].time : end }
    public var isExhausted: Bool { next >= items.count && end == nil }

    public func read(upTo time: Double) -> [InputItem] {
        var due: [InputItem] = []
        while next < items.count, items[next].time <= time {
            due.append(items[next].item)
            next += 1
        }
        if let end, time >= end, next >= items.count { self.end = nil }
        return due
    }

    public func drainWarnings() -> [String] { [] }
}
