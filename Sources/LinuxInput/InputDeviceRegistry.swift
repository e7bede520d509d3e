import Glibc
import LinuxSystem

/// The input devices the reader uses, kept current across hotplug: scans
/// the directory at start, then follows its inotify changes. A device that
/// cannot be opened yet (EACCES: udev has not fixed its mode; ENODEV or
/// ENXIO: caught between its node and its driver, or unplugged and back in
/// the middle of the open) is retried when its attributes change, as udev
/// changes them once it has the device; an unplugged one (ENODEV on read)
/// is dropped and picked up again when it comes back.
public final class InputDeviceRegistry {
    public struct Options: Sendable {
        /// `--touch-device PATH`: use this touch device and no other.
        public var touchDevicePath: String?
        /// EVIOCGRAB every device used (kiosk mode).
        public var grab: Bool
        public var directory: String

        public init(touchDevicePath: String? = nil, grab: Bool = false, directory: String = "/dev/input") {
            self.touchDevicePath = touchDevicePath
            self.grab = grab
            self.directory = directory
        }
    }

    public enum Change: Equatable, Sendable {
        case added(path: String, roles: DeviceRoles)
        case removed(path: String)
    }

    public typealias Opener = (String) throws -> any InputDeviceHandle

    public let options: Options
    private let opener: Opener
    public private(set) var devices: [String: any InputDeviceHandle] = [:]
    /// Paths whose node is there but would not open yet, retried on their next attribute change.
    public private(set) var waitingToOpen: Set<String> = []
    /// The last error per path, for a message a person can act on.
    public private(set) var problems: [String: String] = [:]

    public init(options: Options = Options(), opener: @escaping Opener = { try EvdevDevice(path: $0) }) {
        self.options = options
        self.opener = opener
    }

    /// Opens every usable device in the directory (and the chosen touch device).
    public func scan() throws -> [Change] {
        let names = try FileSystem.directoryEntries(options.directory).filter(Self.isEventNode)
        var changes: [Change] = []
        for name in names.sorted(by: Self.eventOrder) {
            changes += open("\(options.directory)/\(name)")
        }
        changes += openChosenTouchDevice()
        return changes
    }

    /// Follows one inotify change of the directory.
    public func handle(_ change: DirectoryChange) -> [Change] {
        var changes: [Change] = []
        switch change {
        case .created(let name):
            if Self.isEventNode(name) { changes += open("\(options.directory)/\(name)") }
        case .attributesChanged(let name):
            let path = "\(options.directory)/\(name)"
            if waitingToOpen.contains(path) { changes += open(path) }
        case .removed(let name):
            changes += remove("\(options.directory)/\(name)")
        }
        // The chosen device may be a udev symlink that appears after the node.
        changes += openChosenTouchDevice()
        return changes
    }

    /// Reading the device failed (ENODEV when unplugged): forget it until it comes back.
    public func deviceFailed(path: String, error: Error) -> [Change] {
        problems[path] = "\(error)"
        return remove(path)
    }

    /// Reading `device` failed. When its removal was seen first and a new
    /// device already came at its path (a panel plugged back, or waiting
    /// for udev's permissions), that one is left alone.
    public func deviceFailed(_ device: any InputDeviceHandle, error: Error) -> [Change] {
        guard devices[device.path] === device else { return [] }
        return deviceFailed(path: device.path, error: error)
    }

    /// The touch device to read: the chosen one, else the first touchscreen, else the first absolute pointer.
    public var touchDevice: (any InputDeviceHandle)? {
        let ordered = devices.keys.sorted(by: Self.eventOrder).compactMap { devices[$0] }
        if let chosen = options.touchDevicePath { return devices[chosen] }
        return ordered.first { $0.description.roles.contains(.touchscreen) }
            ?? ordered.first { $0.description.roles.contains(.absolutePointer) }
    }

    /// Devices with the reader's keys.
    public var keyboards: [any InputDeviceHandle] {
        devices.keys.sorted(by: Self.eventOrder).compactMap { devices[$0] }.filter { $0.description.roles.contains(.keyboard) }
    }

    public func closeAll() {
        for device in devices.values { device.close() }
        devices = [:]
    }

    private func openChosenTouchDevice() -> [Change] {
        guard let chosen = options.touchDevicePath, devices[chosen] == nil else { return [] }
        return open(chosen)
    }

    private func open(_ path: String) -> [Change] {
        guard devices[path] == nil else { return [] }
        let device: any InputDeviceHandle
        do {
            device = try opener(path)
        } catch let error as SystemError {
            // A node that is gone (ENOENT) comes back with a new one; any other failure is retried.
            if error.errno != ENOENT { waitingToOpen.insert(path) }
            problems[path] = error.description
            return []
        } catch {
            problems[path] = "\(error)"
            return []
        }
        waitingToOpen.remove(path)
        problems[path] = nil
        let roles = device.description.roles
        guard isWanted(path: path, roles: roles) else {
            device.close()
            return []
        }
        if options.grab {
            do {
                try device.setGrabbed(true)
            } catch {
                problems[path] = "\(error)"
            }
        }
        devices[path] = device
        return [.added(path: path, roles: roles)]
    }

    private func isWanted(path: String, roles: DeviceRoles) -> Bool {
        if let chosen = options.touchDevicePath {
            if path == chosen {
                if roles.isDisjoint(with: [.touchscreen, .absolutePointer]) {
                    problems[path] = "\(path) is not a touch device"
                    return false
                }
                return true
            }
            return roles.contains(.keyboard)
        }
        return !roles.isEmpty
    }

    private func remove(_ path: String) -> [Change] {
        waitingToOpen.remove(path)
        guard let device = devices.removeValue(forKey: path) else { return [] }
        device.close()
        return [.removed(path: path)]
    }

    static func isEventNode(_ name: String) -> Bool {
        name.hasPrefix("event") && name.count > 5 && name.dropFirst(5).allSatisfy(\.isASCII) && Int(name.dropFirst(5)) != nil
    }

    /// event2 before event10.
    static func eventOrder(_ a: String, _ b: String) -> Bool {
        func number(_ path: String) -> Int? {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            return isEventNode(name) ? Int(name.dropFirst(5)) : nil
        }
        switch (number(a), number(b)) {
        case let (x?, y?): return x < y
        default: return a < b
        }
    }
}
