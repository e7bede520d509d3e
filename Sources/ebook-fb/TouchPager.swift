import Gestures
import LinuxDisplay
import LinuxInput

/// What a touch asks the page display to do.
enum PageAction: Equatable {
    case next, previous
    case toggleZoom(x: Double, y: Double)
}

/// Touches from /dev/input (followed through hotplug, so a touchscreen that
/// appears later is picked up) turned into page actions: a tap in the right
/// third or a leftward flick is the next page, the left third or a
/// rightward flick the previous one, a double tap zooms.
final class TouchPager {
    private let registry: InputDeviceRegistry
    private let watcher: DirectoryWatcher?
    private var touch: LiveTouchInput?
    private var recognizer: GestureRecognizer
    private let width: Double
    private let height: Double
    private let rotation: DisplayRotation

    init(width: Int, height: Int, rotation: OutputRotation, grab: Bool) {
        registry = InputDeviceRegistry(options: .init(grab: grab))
        watcher = try? DirectoryWatcher(path: "/dev/input")
        recognizer = GestureRecognizer(configuration: GestureConfiguration(screenWidth: Double(width)))
        self.width = Double(width)
        self.height = Double(height)
        // The touch mapping turns with the picture.
        self.rotation = DisplayRotation(degrees: rotation.rawValue) ?? .none
        _ = try? registry.scan()
        refreshTouchDevice()
    }

    /// Descriptors to poll: the input directory and the touch device.
    var pollDescriptors: [Int32] {
        [watcher?.fileDescriptor, touch?.pollDescriptor].compactMap { $0 }
    }

    /// When a pending gesture times out (a double-tap window closing).
    var nextDeadline: Double? { recognizer.nextDeadline }

    /// Reads what is available and returns the actions it makes, at `now` (ms, CLOCK_MONOTONIC).
    func poll(now: Double) -> [PageAction] {
        if let watcher, let changes = try? watcher.readChanges(), !changes.isEmpty {
            for change in changes { _ = registry.handle(change) }
            refreshTouchDevice()
        }
        var events: [GestureEvent] = []
        if let touch {
            do {
                for frame in try touch.frames(through: now) { events += recognizer.process(frame) }
            } catch {
                _ = registry.deviceFailed(path: touch.device.path, error: error)
                self.touch = nil
                refreshTouchDevice()
            }
        }
        events += recognizer.advance(to: now)
        return events.compactMap(action)
    }

    private func refreshTouchDevice() {
        guard let device = registry.touchDevice as? EvdevDevice else {
            touch = nil
            return
        }
        if touch?.device.path == device.path { return }
        touch = LiveTouchInput(device: device, screenWidth: width, screenHeight: height, rotation: rotation)
    }

    private func action(_ event: GestureEvent) -> PageAction? {
        switch event.kind {
        case .tap(_, let zone):
            switch zone {
            case .right: return .next
            case .left: return .previous
            case .middle: return nil
            }
        case .doubleTap(let point):
            return .toggleZoom(x: point.x, y: point.y)
        case .panEnded(_, let translation, let velocity):
            // A flick (fast) or a drag past a quarter of the screen turns the page.
            if velocity.dx < -0.3 || translation.dx < -width / 4 { return .next }
            if velocity.dx > 0.3 || translation.dx > width / 4 { return .previous }
            return nil
        default:
            return nil
        }
    }
}
