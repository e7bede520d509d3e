import FoundationEssentials
import Geometry
import Gestures
import Scrolling

/// Drives the recognizer and, when pages are given, the reader's paging
/// scroll view from recorded touch frames, and reports what happened as
/// JSON lines: frames, gestures, delegate messages and the final state.
public final class TraceSession: PagingControllerObserver {
    public struct Options {
        public var width: Double
        public var height: Double
        public var pages: Int?
        public var printFrames = false

        public init(width: Double, height: Double, pages: Int? = nil, printFrames: Bool = false) {
            self.width = width
            self.height = height
            self.pages = pages
            self.printFrames = printFrames
        }
    }

    private let options: Options
    private var recognizer: GestureRecognizer
    private let controller: PagingController?
    private let emit: (String) -> Void

    public init(options: Options, emit: @escaping (String) -> Void) {
        self.options = options
        self.emit = emit
        recognizer = GestureRecognizer(configuration: GestureConfiguration(screenWidth: options.width))
        if let pages = options.pages {
            controller = PagingController(pageSize: Size(width: options.width, height: options.height), pageCount: pages)
        } else {
            controller = nil
        }
        controller?.observer = self
    }

    public func run(_ frames: [TouchFrame]) {
        var timeline = VirtualTimeline(start: frames.first?.time ?? 0)
        for frame in frames {
            for tick in timeline.frames(upTo: frame.time) { step(to: tick) }
            if options.printFrames { emit(TraceJSON.frame(frame)) }
            deliver(recognizer.process(frame))
        }
        // Let pending taps resolve and animations come to rest.
        let end = timeline.now + VirtualTimeline.settleLimit
        while timeline.now < end {
            let tick = timeline.nextFrame()
            step(to: tick)
            let waiting = recognizer.nextDeadline != nil || recognizer.fingersDown > 0
            if !waiting, !(controller?.isAnimating ?? false) { break }
        }
        deliver(recognizer.settle())
        if let controller {
            var object = JSONLine()
            object.add("final", true)
            object.add("page", controller.currentPage + 1)
            object.add("zoom", controller.zoomScale)
            object.add("offset", [controller.scrollView.contentOffset.x, controller.scrollView.contentOffset.y])
            emit(object.text)
        }
    }

    private func step(to time: Double) {
        deliver(recognizer.advance(to: time))
        controller?.advance(to: time)
    }

    private func deliver(_ events: [GestureEvent]) {
        for event in events {
            if let line = TraceJSON.gesture(event) { emit(line) }
            controller?.handle(event)
        }
    }

    public func pagingController(_ controller: PagingController, sent message: String, extras: [String: Double]) {
        var object = JSONLine()
        object.add("t", controller.now)
        object.add("event", message)
        object.add("offset", [controller.scrollView.contentOffset.x, controller.scrollView.contentOffset.y])
        object.add("zoom", controller.zoomScale)
        for key in extras.keys.sorted() {
            if key == "willDecelerate" { object.add(key, extras[key] == 1) } else { object.add(key, extras[key] ?? 0) }
        }
        emit(object.text)
    }
}
