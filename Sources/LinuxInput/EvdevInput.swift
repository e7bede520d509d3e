import Devices
import Geometry
import Gestures
import LinuxSystem

/// The reader's live input: the touchscreen as touch frames in screen
/// pixels and the keyboards as reader commands, followed through hotplug
/// (inotify on /dev/input), so devices that come and go are picked up.
public final class EvdevInput: InputSource {
    private let registry: InputDeviceRegistry
    private let watcher: DirectoryWatcher?
    private let screenWidth: Double
    private let screenHeight: Double
    private let rotation: Rotation
    private let calibration: CalibrationMatrix?
    private let mapping: KeyboardMapping
    private var touch: LiveTouchInput?
    private var keyboards: [KeyboardInput] = []
    /// Keys from the terminal, when no evdev keyboard can be read.
    private let terminal: TerminalKeys?
    /// Problems for the person (a device that failed), drained by the caller.
    private var warnings: [String] = []
    /// Devices that came or went since the last read, for the log.
    private var changes: [String] = []

    /// `kiosk` grabs the devices (EVIOCGRAB) and drops the quit keys.
    public init(screenWidth: Int, screenHeight: Int, rotation: Rotation, calibration: CalibrationMatrix?,
         touchDevicePath: String?, kiosk: Bool, terminalKeys: Bool) {
        registry = InputDeviceRegistry(options: .init(touchDevicePath: touchDevicePath, grab: kiosk))
        watcher = try? DirectoryWatcher(path: registry.options.directory)
        self.screenWidth = Double(screenWidth)
        self.screenHeight = Double(screenHeight)
        self.rotation = rotation
        self.calibration = calibration
        mapping = KeyboardMapping(kioskMode: kiosk)
        terminal = terminalKeys ? TerminalKeys(mapping: mapping) : nil
        do {
            _ = try registry.scan()
        } catch {
            warnings.append("input devices: \(error)")
        }
        refreshDevices()
    }

    /// Descriptors to poll: the input directory, the touchscreen and the keyboards.
    public var pollDescriptors: [Int32] {
        [watcher?.fileDescriptor, touch?.pollDescriptor, terminal?.fileDescriptor].compactMap { $0 }
            + keyboards.map(\.device.fileDescriptor)
    }

    public var touchDevicePath: String? { touch?.device.path }
    public var nextInputTime: Double? { nil }
    public var isExhausted: Bool { false }

    /// Everything available now: hotplug changes, touch frames and key
    /// commands (at `time`, the loop's clock, as the keys carry none we use).
    public func read(upTo time: Double) -> [InputItem] {
        let (frames, commands) = read(now: time)
        defer { changes = [] }
        return changes.map(InputItem.deviceChanged) + frames.map(InputItem.touches)
            + commands.map { InputItem.command($0, time: time) }
    }

    private func read(now: Double) -> (frames: [TouchFrame], commands: [ReaderCommand]) {
        if let watcher, let changes = try? watcher.readChanges(), !changes.isEmpty {
            for change in changes { _ = registry.handle(change) }
            refreshDevices()
        }
        var frames: [TouchFrame] = []
        if let touch {
            do {
                frames = try touch.frames(through: .infinity)
            } catch {
                // Unplugged mid-drag: lift the fingers it held so the page settles.
                if let lift = touch.releaseAfterLoss(at: now) { frames.append(lift) }
                deviceFailed(touch.device.path, error)
            }
        }
        var commands: [ReaderCommand] = terminal?.readCommands() ?? []
        for keyboard in keyboards where keyboard.device.path != touch?.device.path {
            do {
                commands += try keyboard.readCommands()
            } catch {
                deviceFailed(keyboard.device.path, error)
            }
        }
        return (frames, commands)
    }

    public func drainWarnings() -> [String] {
        defer { warnings = [] }
        return warnings
    }

    /// True when some evdev keyboard can be opened (else keys come from the terminal).
    public static func evdevKeyboardAvailable() -> Bool {
        let registry = InputDeviceRegistry(options: .init(touchDevicePath: nil, grab: false))
        defer { registry.closeAll() }
        _ = try? registry.scan()
        return !registry.keyboards.isEmpty
    }

    public func closeAll() {
        terminal?.restore()
        touch = nil
        keyboards = []
        registry.closeAll()
    }

    private func deviceFailed(_ path: String, _ error: Error) {
        warnings.append("\(path): \(error); the device is dropped")
        _ = registry.deviceFailed(path: path, error: error)
        refreshDevices()
    }

    private func refreshDevices() {
        let previous = touch?.device.path
        if let device = registry.touchDevice as? EvdevDevice {
            if touch?.device.path != device.path {
                touch = LiveTouchInput(device: device, screenWidth: screenWidth, screenHeight: screenHeight,
                                       rotation: rotation, calibration: calibration)
            }
        } else {
            touch = nil
        }
        if touch?.device.path != previous {
            changes.append(touch.map { "touchscreen: \($0.device.path)" } ?? "touchscreen: none")
        }
        let present = registry.keyboards.compactMap { $0 as? EvdevDevice }
        keyboards = present.map { device in
            keyboards.first { $0.device === device } ?? KeyboardInput(device: device, mapping: mapping)
        }
    }
}
