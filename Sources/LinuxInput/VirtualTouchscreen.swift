import CLinux
import Glibc
import LinuxInput
import LinuxSystem

/// A touchscreen made through /dev/uinput with the capabilities of a
/// recorded device, so a recording replays through the kernel's evdev
/// exactly as the real panel's events would arrive.
public final class VirtualTouchscreen {
    private let file: FileDescriptor
    private var isDestroyed = false

    public init(copying device: DeviceDescription, uinputPath: String = "/dev/uinput") throws {
        file = try FileDescriptor.open(uinputPath, flags: O_WRONLY | O_NONBLOCK)
        do {
            try declare(device)
            try file.writeAll(Self.userDevice(device))
            try file.control(CLinux_UI_DEV_CREATE(), "UI_DEV_CREATE", value: 0)
        } catch {
            file.close()
            throw error
        }
    }

    deinit { destroy() }

    private func declare(_ device: DeviceDescription) throws {
        for type in device.eventBits[0]?.members ?? [] {
            try file.control(CLinux_UI_SET_EVBIT(), "UI_SET_EVBIT", value: Int32(type))
        }
        for key in device.eventBits[EventType.key]?.members ?? [] {
            try file.control(CLinux_UI_SET_KEYBIT(), "UI_SET_KEYBIT", value: Int32(key))
        }
        for axis in device.eventBits[EventType.absolute]?.members ?? [] where device.absInfo[UInt16(axis)] != nil {
            try file.control(CLinux_UI_SET_ABSBIT(), "UI_SET_ABSBIT", value: Int32(axis))
        }
        for property in device.properties.members {
            try file.control(CLinux_UI_SET_PROPBIT(), "UI_SET_PROPBIT", value: Int32(property))
        }
    }

    /// struct uinput_user_dev: name, input_id, ff_effects_max, then the
    /// axes' max, min, fuzz and flat arrays (layout asserted in the C shim).
    static func userDevice(_ device: DeviceDescription) -> [UInt8] {
        let nameSize = Int(CLinux_uinputMaxNameSize())
        let axisCount = Int(CLinux_absoluteAxisCount())
        var bytes = [UInt8](repeating: 0, count: Int(CLinux_uinputUserDevSize()))
        for (index, byte) in device.name.utf8.prefix(nameSize - 1).enumerated() { bytes[index] = byte }
        func put16(_ value: UInt16, at offset: Int) {
            withUnsafeBytes(of: value.littleEndian) { bytes.replaceSubrange(offset..<offset + 2, with: $0) }
        }
        func put32(_ value: Int32, at offset: Int) {
            withUnsafeBytes(of: value.littleEndian) { bytes.replaceSubrange(offset..<offset + 4, with: $0) }
        }
        put16(device.id.bus, at: nameSize)
        put16(device.id.vendor, at: nameSize + 2)
        put16(device.id.product, at: nameSize + 4)
        put16(device.id.version, at: nameSize + 6)
        let arrays = nameSize + 12
        for (code, info) in device.absInfo where Int(code) < axisCount {
            let slot = Int(code) * 4
            put32(info.maximum, at: arrays + slot)
            put32(info.minimum, at: arrays + 4 * axisCount + slot)
            put32(info.fuzz, at: arrays + 8 * axisCount + slot)
            put32(info.flat, at: arrays + 12 * axisCount + slot)
        }
        return bytes
    }

    /// The device's evdev node (/dev/input/eventN), found through sysfs.
    public func eventNode() throws -> String {
        var name = [CChar](repeating: 0, count: 64)
        _ = try name.withUnsafeMutableBytes { bytes in
            try file.control(CLinux_UI_GET_SYSNAME64(), "UI_GET_SYSNAME", bytes.baseAddress!) // non-empty: it has an address
        }
        let folder = "/sys/devices/virtual/input/" + String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let event = try FileSystem.directoryEntries(folder).filter({ $0.hasPrefix("event") }).sorted().first else {
            throw SystemError(operation: "find the event node in", path: folder, errno: ENOENT)
        }
        return "/dev/input/" + event
    }

    /// Sends one event (the kernel stamps the time itself).
    public func send(_ event: InputEvent) throws {
        var bytes = [UInt8](repeating: 0, count: 24)
        withUnsafeBytes(of: event.type.littleEndian) { bytes.replaceSubrange(16..<18, with: $0) }
        withUnsafeBytes(of: event.code.littleEndian) { bytes.replaceSubrange(18..<20, with: $0) }
        withUnsafeBytes(of: event.value.littleEndian) { bytes.replaceSubrange(20..<24, with: $0) }
        try file.writeAll(bytes)
    }

    public func destroy() {
        guard !isDestroyed else { return }
        isDestroyed = true
        try? file.control(CLinux_UI_DEV_DESTROY(), "UI_DEV_DESTROY", value: 0)
        file.close()
    }
}
