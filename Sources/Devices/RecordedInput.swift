import Gestures

/// Touch frames (and commands) known in advance, delivered at their times:
/// a recording replayed in virtual time, or a scripted run.
public final class RecordedInput: InputSource {
    private var items: [(time: Double, item: InputItem)]
    private var next = 0

    public init(frames: [TouchFrame], commands: [(time: Double, command: ReaderCommand)] = []) {
        let touches = frames.map { (time: $0.time, item: InputItem.touches($0)) }
        let keys = commands.map { (time: $0.time, item: InputItem.command($0.command, time: $0.time)) }
        // Stable: touches before keys at one time, each in its given order.
        items = (touches + keys).enumerated().sorted { a, b in
            a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
        }.map(\.element)
    }

    public var pollDescriptors: [Int32] { [] }
    public var nextInputTime: Double? { next < items.count ? items[next].time : nil }
    public var isExhausted: Bool { next >= items.count }

    public func read(upTo time: Double) -> [InputItem] {
        var due: [InputItem] = []
        while next < items.count, items[next].time <= time {
            due.append(items[next].item)
            next += 1
        }
        return due
    }

    public func drainWarnings() -> [String] { [] }
}
