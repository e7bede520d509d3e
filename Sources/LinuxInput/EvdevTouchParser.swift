import Gestures

/// Turns raw evdev events into touch frames, whatever the device's
/// protocol (MT B, MT A, single touch, absolute pointer). Pure: feed it
/// events from a live device, a byte stream or a recording alike.
///
/// Frames are in device units of the ABS_X/ABS_Y (or MT position) axes,
/// clamped to their ranges, stamped with the SYN_REPORT's time, and
/// emitted only when the set of touches or a position changed. Touch ids
/// are assigned here and never reused, even when the kernel reuses a
/// tracking id.
public struct EvdevTouchParser: Sendable {
    public let device: DeviceDescription
    public let touchProtocol: TouchProtocol
    /// The axes frames are expressed in.
    public let xAxis: AbsInfo
    public let yAxis: AbsInfo

    struct Slot {
        var trackingID: Int32 = -1
        var touchID: Int?
        var x: Int32 = 0
        var y: Int32 = 0
    }

    struct AnonymousContact {
        var x: Int32?
        var y: Int32?
        var trackingID: Int32?
    }

    var slots: [Slot] = []
    var currentSlot = 0
    var contacts: [AnonymousContact] = []
    var openContact = AnonymousContact()
    var previousAnonymous: [Touch] = []
    var trackingToTouch: [Int32: Int] = [:]
    var singleX: Int32 = 0
    var singleY: Int32 = 0
    var singleDown = false
    var singleTouchID: Int?
    /// eGalax-style controllers report positions on ABS_Z/ABS_RX instead of ABS_X/ABS_Y.
    var aliasAxes: (x: AbsInfo, y: AbsInfo)?
    var sawPrimaryAxes = false
    var nextTouchID = 1
    var dropping = false
    var lastTouches: [Touch] = []
    /// When the last frame was reported.
    var lastFrameTime: Double?

    /// True after a SYN_DROPPED has been skipped to its SYN_REPORT: the
    /// state must be reread (`resync(with:at:)`) before it can be trusted.
    public private(set) var needsResync = false

    /// Fails (returns nil) for devices with no touch or pointer axes.
    public init?(device: DeviceDescription) {
        guard let touchProtocol = device.touchProtocol else { return nil }
        self.device = device
        self.touchProtocol = touchProtocol
        let unit = AbsInfo(minimum: 0, maximum: 0)
        switch touchProtocol {
        case .multitouchSlots(let slotCount):
            xAxis = device.absInfo[AbsCode.mtPositionX] ?? unit
            yAxis = device.absInfo[AbsCode.mtPositionY] ?? unit
            slots = Array(repeating: Slot(), count: slotCount)
            currentSlot = Int(device.absInfo[AbsCode.mtSlot]?.value ?? 0)
        case .multitouchAnonymous:
            xAxis = device.absInfo[AbsCode.mtPositionX] ?? unit
            yAxis = device.absInfo[AbsCode.mtPositionY] ?? unit
        case .singleTouch, .absolutePointer:
            xAxis = device.absInfo[AbsCode.x] ?? unit
            yAxis = device.absInfo[AbsCode.y] ?? unit
            singleX = xAxis.value
            singleY = yAxis.value
            if let z = device.absInfo[AbsCode.z], let rx = device.absInfo[AbsCode.rx],
               device.hasAxis(AbsCode.z), device.hasAxis(AbsCode.rx) {
                aliasAxes = (z, rx)
            }
        }
    }

    /// Feeds one event; returns a frame when a SYN_REPORT changed the touches.
    public mutating func feed(_ event: InputEvent) -> TouchFrame? {
        if event.type == EventType.syn {
            switch event.code {
            case SynCode.dropped:
                dropping = true
                return nil
            case SynCode.report:
                if dropping {
                    dropping = false
                    needsResync = true
                    resetAfterDrop()
                    return nil
                }
                return report(at: event.time)
            case SynCode.mtReport:
                if !dropping { closeAnonymousContact() }
                return nil
            default:
                return nil
            }
        }
        guard !dropping else { return nil }
        switch touchProtocol {
        case .multitouchSlots: feedSlotted(event)
        case .multitouchAnonymous: feedAnonymous(event)
        case .singleTouch, .absolutePointer: feedSingle(event)
        }
        return nil
    }

    /// Feeds events in order, resynchronising from `stateSource` right after a dropped stretch.
    public mutating func feed(_ events: [InputEvent], stateSource: (any EvdevStateSource)? = nil) throws -> [TouchFrame] {
        var frames: [TouchFrame] = []
        for event in events {
            if let frame = feed(event) { frames.append(frame) }
            if needsResync, let stateSource {
                if let frame = resync(with: try stateSource.currentState(), at: event.time) { frames.append(frame) }
            }
        }
        return frames
    }

    /// Replaces the tracked state with the kernel's after SYN_DROPPED;
    /// returns a frame when the touches differ from the last frame. When
    /// every finger lifted in the stretch dropped, the lift is dated at the
    /// last frame seen, not at `time`: when it came is lost with the drop,
    /// and a flick whose end was dropped stays a flick, not a finger that
    /// stood still until the reader caught up.
    public mutating func resync(with state: EvdevStateSnapshot, at time: Double) -> TouchFrame? {
        needsResync = false
        switch touchProtocol {
        case .multitouchSlots:
            if let slot = state.axisValues[AbsCode.mtSlot] { currentSlot = Int(slot) }
            let ids = state.slotValues[AbsCode.mtTrackingID] ?? []
            let xs = state.slotValues[AbsCode.mtPositionX] ?? []
            let ys = state.slotValues[AbsCode.mtPositionY] ?? []
            for index in slots.indices {
                if index < xs.count { slots[index].x = xs[index] }
                if index < ys.count { slots[index].y = ys[index] }
                if index < ids.count { setTrackingID(ids[index], slot: index) }
            }
        case .multitouchAnonymous:
            contacts = []
            openContact = AnonymousContact()
        case .singleTouch, .absolutePointer:
            if let x = state.axisValues[AbsCode.x] { singleX = x }
            if let y = state.axisValues[AbsCode.y] { singleY = y }
            setSingleDown(state.keysDown.contains(Int(touchButton)))
        }
        let seen = lastFrameTime
        guard let frame = report(at: time) else { return nil }
        guard frame.touches.isEmpty, let seen else { return frame }
        lastFrameTime = min(seen, time)
        return TouchFrame(time: min(seen, time), touches: [])
    }

    private mutating func resetAfterDrop() {
        // Protocol A keeps no state in the kernel: the next report restores the contacts.
        contacts = []
        openContact = AnonymousContact()
    }

    private mutating func report(at time: Double) -> TouchFrame? {
        let touches: [Touch]
        switch touchProtocol {
        case .multitouchSlots:
            touches = slots.compactMap { slot in
                slot.touchID.map { Touch(id: $0, x: Double(xAxis.clamp(slot.x)), y: Double(yAxis.clamp(slot.y))) }
            }
        case .multitouchAnonymous:
            touches = anonymousTouches()
        case .singleTouch, .absolutePointer:
            touches = singleTouchID.map { [Touch(id: $0, x: Double(xAxis.clamp(singleX)), y: Double(yAxis.clamp(singleY)))] } ?? []
        }
        guard touches != lastTouches else { return nil }
        lastTouches = touches
        lastFrameTime = time
        return TouchFrame(time: time, touches: touches)
    }

    mutating func newTouchID() -> Int {
        defer { nextTouchID += 1 }
        return nextTouchID
    }
}
