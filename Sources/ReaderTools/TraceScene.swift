import Devices
import FoundationEssentials
import Geometry
import Gestures
import Raster
import Reader
import Scrolling

/// The trace's scene: the gestures the recognizer reports and, with pages,
/// the reader's paging controller and menu driven as the reader drives
/// them, every delegate message reported as a JSON line. It draws nothing.
public final class TraceScene: LoopScene, PagingControllerObserver {
    private let width: Int
    private let height: Int
    private let controller: PagingController?
    private let menu = MenuPresence()
    private let emit: (String) -> Void

    /// `pages`: drive a paging controller over this many pages; nil reports gestures only.
    public init(width: Int, height: Int, pages: Int?, emit: @escaping (String) -> Void) {
        self.width = width
        self.height = height
        self.emit = emit
        controller = pages.map {
            PagingController(pageSize: Size(width: Double(width), height: Double(height)), pageCount: $0)
        }
        controller?.observer = self
    }

    public var tapZonesEnabled: Bool { controller.map { ReadingScreen.tapZonesEnabled($0, menu) } ?? true }

    public func handle(_ events: [GestureEvent]) {
        for event in events {
            if let line = TraceJSON.gesture(event) { emit(line) }
            guard let controller else { continue }
            ReadingScreen.route(event, controller: controller, menu: menu, width: width, height: height) { fraction in
                controller.show(page: Int(Double(controller.pageCount) * fraction))
            }
        }
    }

    public func handle(_ command: ReaderCommand, at time: Double) {
        switch command {
        case .nextPage: controller?.turn(by: 1, at: time)
        case .previousPage: controller?.turn(by: -1, at: time)
        default: break
        }
    }

    public func advance(to time: Double) -> Bool {
        controller?.advance(to: time)
        return false
    }

    public var composedFrame: PixelBuffer? { nil }
    public func takeDamage() -> FrameDamage { FrameDamage(rows: 0) }
    public var isMoving: Bool { controller?.isAnimating ?? false }
    public var hasBackgroundWork: Bool { false }
    public func waitForFrameWork() {}
    public func finishBackgroundWork() {}
    public var restingDescription: String { "" }
    public var screenName: String { ReadingScreen.name(menu) }
    public func drainWarnings() -> [String] { [] }

    public func resetForIdle(at time: Double) {
        menu.isVisible = false
        controller?.show(page: 0)
    }

    /// The last line: where the view came to rest.
    public func finalLine() -> String? {
        guard let controller else { return nil }
        var object = JSONLine()
        object.add("final", true)
        object.add("page", controller.currentPage + 1)
        object.add("zoom", controller.zoomScale)
        object.add("offset", [controller.scrollView.contentOffset.x, controller.scrollView.contentOffset.y])
        object.add("screen", screenName)
        return object.text
    }

    public func pagingControllerDidTapMiddle(_ controller: PagingController, at point: Point) {
        menu.isVisible.toggle()
    }

    public func pagingController(_ controller: PagingController, sent message: ScrollMessage) {
        var object = JSONLine()
        object.add("t", controller.now)
        object.add("event", message.name)
        object.add("offset", [controller.scrollView.contentOffset.x, controller.scrollView.contentOffset.y])
        object.add("zoom", controller.zoomScale)
        switch message {
        case let .willEndDragging(velocity, target):
            object.add("target_x", target.x)
            object.add("target_y", target.y)
            object.add("vx", velocity.x)
            object.add("vy", velocity.y)
        case let .didEndDragging(willDecelerate):
            object.add("willDecelerate", willDecelerate)
        case let .didEndZooming(scale):
            object.add("scale", scale)
        default:
            break
        }
        emit(object.text)
    }
}
