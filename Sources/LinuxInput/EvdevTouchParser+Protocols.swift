import Gestures

extension EvdevTouchParser {
    /// Protocol B: ABS_MT_SLOT selects a slot, the other ABS_MT_* codes update it.
    mutating func feedSlotted(_ event: InputEvent) {
        guard event.type == EventType.absolute else { return }
        if event.code == AbsCode.mtSlot {
            currentSlot = Int(event.value)
            return
        }
        // Slots beyond what the device declared are ignored, as the kernel would never send them.
        guard slots.indices.contains(currentSlot) else { return }
        switch event.code {
        case AbsCode.mtTrackingID: setTrackingID(event.value, slot: currentSlot)
        case AbsCode.mtPositionX: slots[currentSlot].x = event.value
        case AbsCode.mtPositionY: slots[currentSlot].y = event.value
        default: break
        }
    }

    /// A new tracking id in a slot is a new touch, even without a -1 in
    /// between and even when the id was used before.
    mutating func setTrackingID(_ trackingID: Int32, slot index: Int) {
        if trackingID < 0 {
            slots[index].touchID = nil
        } else if trackingID != slots[index].trackingID || slots[index].touchID == nil {
            slots[index].touchID = newTouchID()
        }
        slots[index].trackingID = trackingID
    }

    /// Protocol A: contacts are listed afresh in every report.
    mutating func feedAnonymous(_ event: InputEvent) {
        guard event.type == EventType.absolute else { return }
        switch event.code {
        case AbsCode.mtPositionX: openContact.x = event.value
        case AbsCode.mtPositionY: openContact.y = event.value
        case AbsCode.mtTrackingID: openContact.trackingID = event.value
        default: break
        }
    }

    mutating func closeAnonymousContact() {
        if openContact.x != nil || openContact.y != nil {
            if openContact.trackingID.map({ $0 >= 0 }) ?? true { contacts.append(openContact) }
        }
        openContact = AnonymousContact()
    }

    /// Gives this report's anonymous contacts ids: by tracking id when the
    /// device sends one, else by matching each to the nearest contact of the
    /// previous report.
    mutating func anonymousTouches() -> [Touch] {
        closeAnonymousContact()
        let points = contacts.map { contact in
            (x: Double(xAxis.clamp(contact.x ?? xAxis.minimum)), y: Double(yAxis.clamp(contact.y ?? yAxis.minimum)),
             trackingID: contact.trackingID)
        }
        contacts = []
        var ids = [Int?](repeating: nil, count: points.count)
        var remainingPrevious = previousAnonymous
        var mapping: [Int32: Int] = [:]
        for (index, point) in points.enumerated() {
            guard let trackingID = point.trackingID else { continue }
            let id = trackingToTouch[trackingID] ?? newTouchID()
            ids[index] = id
            mapping[trackingID] = id
            remainingPrevious.removeAll { $0.id == id }
        }
        trackingToTouch = mapping
        var pairs: [(distance: Double, current: Int, previous: Int)] = []
        for (index, point) in points.enumerated() where ids[index] == nil {
            for (previousIndex, previous) in remainingPrevious.enumerated() {
                let distance = ((point.x - previous.x) * (point.x - previous.x) + (point.y - previous.y) * (point.y - previous.y)).squareRoot()
                pairs.append((distance, index, previousIndex))
            }
        }
        var usedPrevious = Set<Int>()
        for pair in pairs.sorted(by: { $0.distance < $1.distance }) where ids[pair.current] == nil && !usedPrevious.contains(pair.previous) {
            ids[pair.current] = remainingPrevious[pair.previous].id
            usedPrevious.insert(pair.previous)
        }
        let touches = points.enumerated().map { index, point in
            Touch(id: ids[index] ?? newTouchID(), x: point.x, y: point.y)
        }
        previousAnonymous = touches
        return touches
    }

    /// The button that means "in contact" for single-touch and pointer devices.
    var touchButton: UInt16 {
        if touchProtocol == .singleTouch && device.hasKey(ButtonCode.touch) { return ButtonCode.touch }
        if device.hasKey(ButtonCode.left) { return ButtonCode.left }
        return ButtonCode.touch
    }

    mutating func feedSingle(_ event: InputEvent) {
        switch event.type {
        case EventType.key where event.code == touchButton:
            setSingleDown(event.value != 0)
        case EventType.absolute:
            switch event.code {
            case AbsCode.x:
                sawPrimaryAxes = true
                singleX = event.value
            case AbsCode.y:
                sawPrimaryAxes = true
                singleY = event.value
            case AbsCode.z where !sawPrimaryAxes:
                if let alias = aliasAxes { singleX = Self.rescale(event.value, from: alias.x, to: xAxis) }
            case AbsCode.rx where !sawPrimaryAxes:
                if let alias = aliasAxes { singleY = Self.rescale(event.value, from: alias.y, to: yAxis) }
            default:
                break
            }
        default:
            break
        }
    }

    mutating func setSingleDown(_ down: Bool) {
        if down && !singleDown { singleTouchID = newTouchID() }
        if !down { singleTouchID = nil }
        singleDown = down
    }

    static func rescale(_ value: Int32, from source: AbsInfo, to target: AbsInfo) -> Int32 {
        let sourceSpan = Double(source.maximum) - Double(source.minimum)
        guard sourceSpan > 0 else { return target.minimum }
        let fraction = (Double(value) - Double(source.minimum)) / sourceSpan
        let scaled = Double(target.minimum) + fraction * (Double(target.maximum) - Double(target.minimum))
        return Int32(max(Double(Int32.min), min(Double(Int32.max), scaled.rounded())))
    }
}
