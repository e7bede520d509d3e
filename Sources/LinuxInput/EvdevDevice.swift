import CLinux
import Glibc
import LinuxSystem

/// An open evdev device (/dev/input/eventN): non-blocking, stamped with
/// CLOCK_MONOTONIC, its capabilities read once at open.
public final class EvdevDevice: EvdevStateSource, InputDeviceHandle {
    public let path: String
    public let description: DeviceDescription
    private let file: FileDescriptor
    private var decoder = InputEventDecoder()
    private var isClosed = false

    private static let keyBytes = (Int(ButtonCode.keyMax) + 1 + 7) / 8
    private static let absBytes = (Int(AbsCode.max) + 1 + 7) / 8

    public init(path: String) throws(SystemError) {
        let file = try FileDescriptor.openForReading(path)
        do {
            var clock = CLinux_clockMonotonic()
            _ = try file.control(CLinux_EVIOCSCLOCKID(), "EVIOCSCLOCKID", &clock)
            description = try Self.describe(file)
        } catch {
            file.close()
            throw error
        }
        self.path = path
        self.file = file
    }

    deinit {
        close()
    }

    /// The descriptor to poll for input.
    public var fileDescriptor: Int32 { file.rawValue }

    /// Exclusive access: while grabbed, no other reader (console, other programs) sees the events.
    public func setGrabbed(_ grabbed: Bool) throws {
        try file.control(CLinux_EVIOCGRAB(), "EVIOCGRAB", value: grabbed ? 1 : 0)
    }

    /// Every whole event available now (empty when none). Throws a
    /// SystemError with `isDeviceGone` when the device was unplugged.
    public func readEvents() throws -> [InputEvent] {
        var events: [InputEvent] = []
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * InputEventDecoder.eventSize, alignment: 8)
        defer { buffer.deallocate() }
        while let count = try file.read(into: buffer), count > 0 {
            events += decoder.decode(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
        return events
    }

    /// The kernel's view of keys, axes and slots, for resynchronising after SYN_DROPPED.
    public func currentState() throws -> EvdevStateSnapshot {
        var keys = [UInt8](repeating: 0, count: Self.keyBytes)
        _ = try file.control(CLinux_EVIOCGKEY(UInt32(keys.count)), "EVIOCGKEY", &keys)
        var snapshot = EvdevStateSnapshot(keysDown: BitSet(bytes: keys))
        for code in description.absInfo.keys.sorted() {
            snapshot.axisValues[code] = try Self.absInfo(file, code).value
        }
        if case .multitouchSlots(let slotCount) = description.touchProtocol {
            for code in [AbsCode.mtTrackingID, AbsCode.mtPositionX, AbsCode.mtPositionY] {
                // struct input_mt_request_layout: the code, then one value per slot.
                var request = [Int32](repeating: 0, count: slotCount + 1)
                request[0] = Int32(code)
                _ = try file.control(CLinux_EVIOCGMTSLOTS(UInt32(request.count * 4)), "EVIOCGMTSLOTS", &request)
                snapshot.slotValues[code] = Array(request.dropFirst())
            }
        }
        return snapshot
    }

    /// The character device number, to find udev's properties.
    public func deviceNumber() throws -> (major: UInt32, minor: UInt32) {
        try file.deviceNumber()
    }

    public func close() {
        guard !isClosed else { return }
        isClosed = true
        file.close()
    }

    private static func describe(_ file: FileDescriptor) throws(SystemError) -> DeviceDescription {
        var name = [CChar](repeating: 0, count: 256)
        _ = try file.control(CLinux_EVIOCGNAME(UInt32(name.count - 1)), "EVIOCGNAME", &name)
        var id = input_id()
        _ = try file.control(CLinux_EVIOCGID(), "EVIOCGID", &id)
        var properties = [UInt8](repeating: 0, count: (InputProperty.max + 1 + 7) / 8)
        _ = try file.control(CLinux_EVIOCGPROP(UInt32(properties.count)), "EVIOCGPROP", &properties)
        var device = DeviceDescription(
            name: String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self),
            id: InputDeviceID(bus: id.bustype, vendor: id.vendor, product: id.product, version: id.version),
            properties: BitSet(bytes: properties))
        var types = [UInt8](repeating: 0, count: (Int(EventType.max) + 1 + 7) / 8)
        _ = try file.control(CLinux_EVIOCGBIT(0, UInt32(types.count)), "EVIOCGBIT", &types)
        device.eventBits[0] = BitSet(bytes: types)
        for (type, size) in [(EventType.key, keyBytes), (EventType.absolute, absBytes)] where device.eventBits[0]?.contains(Int(type)) == true {
            var bits = [UInt8](repeating: 0, count: size)
            _ = try file.control(CLinux_EVIOCGBIT(UInt32(type), UInt32(size)), "EVIOCGBIT", &bits)
            device.eventBits[type] = BitSet(bytes: bits)
        }
        for code in device.eventBits[EventType.absolute]?.members ?? [] {
            device.absInfo[UInt16(code)] = try absInfo(file, UInt16(code))
        }
        return device
    }

    private static func absInfo(_ file: FileDescriptor, _ code: UInt16) throws(SystemError) -> AbsInfo {
        var info = input_absinfo()
        _ = try file.control(CLinux_EVIOCGABS(UInt32(code)), "EVIOCGABS", &info)
        return AbsInfo(value: info.value, minimum: info.minimum, maximum: info.maximum,
                       fuzz: info.fuzz, flat: info.flat, resolution: info.resolution)
    }
}
