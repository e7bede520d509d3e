/// A kernel capability bitmap (bit n is byte n/8, bit n%8), as EVIOCGBIT,
/// EVIOCGPROP and EVIOCGKEY return it and evemu records it.
public struct BitSet: Equatable, Hashable, Sendable {
    public private(set) var bytes: [UInt8]

    public init(bytes: [UInt8] = []) {
        self.bytes = bytes
    }

    public init(bits: [Int]) {
        self.init()
        for bit in bits { insert(bit) }
    }

    public func contains(_ bit: Int) -> Bool {
        guard bit >= 0, bit / 8 < bytes.count else { return false }
        return bytes[bit / 8] & (1 << UInt8(bit % 8)) != 0
    }

    public mutating func insert(_ bit: Int) {
        precondition(bit >= 0, "bit numbers are non-negative")
        if bit / 8 >= bytes.count { bytes += [UInt8](repeating: 0, count: bit / 8 + 1 - bytes.count) }
        bytes[bit / 8] |= 1 << UInt8(bit % 8)
    }

    public mutating func append(bytes more: [UInt8]) {
        bytes += more
    }

    /// Every bit that is set, in order.
    public var members: [Int] {
        (0..<(bytes.count * 8)).filter { contains($0) }
    }
}

/// `struct input_absinfo`: the current value and the range of one axis.
public struct AbsInfo: Equatable, Sendable {
    public var value: Int32
    public var minimum: Int32
    public var maximum: Int32
    public var fuzz: Int32
    public var flat: Int32
    public var resolution: Int32

    public init(value: Int32 = 0, minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0) {
        self.value = value
        self.minimum = minimum
        self.maximum = maximum
        self.fuzz = fuzz
        self.flat = flat
        self.resolution = resolution
    }

    public func clamp(_ raw: Int32) -> Int32 {
        guard minimum <= maximum else { return raw }
        return Swift.min(Swift.max(raw, minimum), maximum)
    }
}

/// `struct input_id`.
public struct InputDeviceID: Equatable, Sendable {
    public var bus: UInt16
    public var vendor: UInt16
    public var product: UInt16
    public var version: UInt16

    public init(bus: UInt16 = 0, vendor: UInt16 = 0, product: UInt16 = 0, version: UInt16 = 0) {
        self.bus = bus
        self.vendor = vendor
        self.product = product
        self.version = version
    }
}

/// What an evdev device can do: from the ioctls of a live device or from an evemu `.desc`.
public struct DeviceDescription: Equatable, Sendable {
    public var name: String
    public var id: InputDeviceID
    public var properties: BitSet
    /// Capability bitmaps by event type; index 0 is the bitmap of supported types.
    public var eventBits: [UInt16: BitSet]
    public var absInfo: [UInt16: AbsInfo]

    public init(name: String, id: InputDeviceID = InputDeviceID(), properties: BitSet = BitSet(),
                eventBits: [UInt16: BitSet] = [:], absInfo: [UInt16: AbsInfo] = [:]) {
        self.name = name
        self.id = id
        self.properties = properties
        self.eventBits = eventBits
        self.absInfo = absInfo
    }

    public func supports(type: UInt16, code: UInt16) -> Bool {
        eventBits[type]?.contains(Int(code)) ?? false
    }

    public func hasAxis(_ code: UInt16) -> Bool {
        supports(type: EventType.absolute, code: code) && absInfo[code] != nil
    }

    public func hasKey(_ code: UInt16) -> Bool { supports(type: EventType.key, code: code) }

    public func hasProperty(_ property: Int) -> Bool { properties.contains(property) }
}
