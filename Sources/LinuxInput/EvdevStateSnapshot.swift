/// The device state the kernel reports on request, used to resynchronise
/// after SYN_DROPPED: keys down (EVIOCGKEY), axis values (EVIOCGABS) and
/// per-slot multitouch values (EVIOCGMTSLOTS).
public struct EvdevStateSnapshot: Equatable, Sendable {
    public var keysDown: BitSet
    public var axisValues: [UInt16: Int32]
    /// Per ABS_MT_* code, one value per slot.
    public var slotValues: [UInt16: [Int32]]

    public init(keysDown: BitSet = BitSet(), axisValues: [UInt16: Int32] = [:], slotValues: [UInt16: [Int32]] = [:]) {
        self.keysDown = keysDown
        self.axisValues = axisValues
        self.slotValues = slotValues
    }
}

/// Something that can report the current device state: a live device, or a test double.
public protocol EvdevStateSource {
    func currentState() throws -> EvdevStateSnapshot
}
