import Devices
import Geometry
import Gestures
import LinuxSystem

/// The reader's live input: the touchscreen as touch frames in screen
/// pixels and the keyboards as reader commands, followed through hotplug
/// (inotify on /dev/input), so devices that come and go are picked up.
public final class EvdevInput: LiveInputSource {
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
        let (frames, keys) = read(now: time)
        defer { changes = [] }
        return changes.map(InputItem.deviceChanged) + frames.map(InputItem.touches) + keys
    }

    private func read(now: Double) -> (frames: [TouchFrame], keys: [InputItem]) {
        var frames: [TouchFrame] = []
        if let watcher, let changes = try? watcher.readChanges(), !changes.isEmpty {
            for change in changes { _ = registry.handle(change) }
            frames += refreshDevices(at: now)
        }
        if let touch {
            do {
                frames += try touch.frames(through: .infinity)
            } catch {
                frames += deviceFailed(touch.device, error, at: now)
            }
        }
        var keys = (terminal?.readKeys() ?? []).compactMap { $0.item(at: now) }
        for keyboard in keyboards where keyboard.device.path != touch?.device.path {
            do {
                keys += try keyboard.read(at: now)
            } catch {
                frames += deviceFailed(keyboard.device, error, at: now)
            }
        }
        return (frames, keys)
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

    private func deviceFailed(_ device: EvdevDevice, _ error: Error, at time: Double) -> [TouchFrame] {
        // Unplugged is news the device list already tells; anything else is a problem.
        if (error as? SystemError)?.isDeviceGone != true { warnings.append("\(device.path): \(error); the device is dropped") }
        _ = registry.deviceFailed(device, error: error)
        return refreshDevices(at: time)
    }

    /// Follows the registry's devices. A touchscreen that went (unplugged,
    /// whether its removal or a failed read told first) lifts the fingers
    /// it held, so a drag in progress ends and the page settles: the frame
    /// that does so is returned.
    @discardableResult
    private func refreshDevices(at time: Double = 0) -> [TouchFrame] {
        let gone = touch
        if let device = registry.touchDevice as? EvdevDevice {
            // The device itself, not its path: one plugged back may have the same node.
            if touch?.device !== device {
                touch = LiveTouchInput(device: device, screenWidth: screenWidth, screenHeight: screenHeight,
                                       rotation: rotation, calibration: calibration)
            }
        } else {
            touch = nil
        }
        // Said for a new device at the same node too (unplugged and back
        // between two reads): the log tells each device taken.
        if touch?.device !== gone?.device {
            changes.append(touch.map { "touchscreen: \($0.device.path)" } ?? "touchscreen: none")
        }
        let present = registry.keyboards.compactMap { $0 as? EvdevDevice }
        let before = Set(keyboards.map(\.device.path))
        keyboards = present.map { device in
            keyboards.first { $0.device === device } ?? KeyboardInput(device: device, mapping: mapping)
        }
        let after = Set(keyboards.map(\.device.path))
        changes += after.subtracting(before).sorted().map { "keyboard: \($0)" }
        changes += before.subtracting(after).sorted().map { "keyboard gone: \($0)" }
        guard let gone, gone !== touch, let lift = gone.releaseAfterLoss(at: time) else { return [] }
        return [lift]
    }
}
