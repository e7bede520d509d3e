import CDRM
import Devices
import Geometry
import Glibc
import LinuxSystem

/// A screen driven through KMS dumb buffers. Upright, a frame is composed
/// straight into the back buffer (`backBuffer`, `presentBackBuffer`);
/// otherwise it is composed in RAM by the caller and presented with damage,
/// its rows copied (turned by the rotation) into the back buffer. The back
/// buffer is flipped in on the next vblank. The caller's loop polls `eventDescriptor` and calls
/// `handleEvents()`, which reports each completed flip: that is the frame
/// clock. The CRTC as it was at start is put back by `restore()`, which
/// deinit also runs.
public final class KMSDisplay {
    public let devicePath: String
    public let connectorName: String
    public let mode: ModeDescription
    /// The upright picture's size (the mode's size turned by the rotation).
    public let width: Int
    public let height: Int
    public let rotation: Rotation
    /// The upright picture's size on the glass in millimetres, when the
    /// connector reports the panel's size.
    public let physicalSize: Size?
    /// False while the panel is turned off through its DPMS property.
    public private(set) var isPowered = true

    private let device: DRMDevice
    private let selection: OutputSelection
    private let connectorID: UInt32
    private let rawMode: drmModeModeInfo
    private let savedCRTC: drmModeCrtc
    private var writer: ScanoutWriter
    private var buffers: [ScanoutBuffer]
    private var frontIndex = 0
    private var pendingIndex: Int?
    private var needsModeset = true
    private var isMaster = true
    private var dirtyFBSupported = true
    private var isRestored = false
    /// The connector's "DPMS" property, found when the panel is first turned off.
    private var dpmsProperty: UInt32?
    /// Per buffer: changes whenever it was written other than by composing
    /// straight into it, so a composer's record of it is dropped.
    private var generations = [0, 0]
    /// Written by the flip-event handler (a C function that cannot capture).
    private let flipRecord: UnsafeMutablePointer<FlipRecord>

    struct FlipRecord {
        var completed = false
        var time: Double = 0
    }

    /// Opens the card named in `options`, or the first card that can be
    /// driven. Errors say what a person can do about them.
    public static func open(_ options: KMSOptions) throws(DisplayError) -> KMSDisplay {
        let paths = options.devicePath.map { [$0] } ?? CardDiscovery.cardPaths(in: options.directory)
        guard !paths.isEmpty else { throw .noDevice(directory: options.directory) }
        var firstError: DisplayError?
        for path in paths {
            do {
                return try KMSDisplay(path: path, options: options)
            } catch {
                firstError = firstError ?? error
            }
        }
        // Non-empty `paths` means the loop threw at least once.
        throw firstError ?? .noDevice(directory: options.directory)
    }

    init(path: String, options: KMSOptions) throws(DisplayError) {
        let device = try DRMDevice(path: path)
        guard try device.capability(UInt64(DRM_CAP_DUMB_BUFFER), "DRM_CAP_DUMB_BUFFER") != 0 else {
            throw .noDumbBuffers(path: path)
        }
        let snapshot = try CardSnapshot(device: device)
        let selection = try OutputSelection.choose(on: snapshot.description, connector: options.connector, mode: options.mode)
        do {
            try device.setMaster()
        } catch {
            throw .masterHeld(path: path, freeTerminal: VirtualTerminal.freeTerminalNumber())
        }
        let crtc = try device.crtc(selection.crtcID)
        savedCRTC = crtc.pointee
        drmModeFreeCrtc(crtc)

        let connector = snapshot.description.connectors[selection.connectorIndex]
        let mode = connector.modes[selection.modeIndex]
        var buffers: [ScanoutBuffer] = []
        for _ in 0..<2 {
            do {
                buffers.append(try ScanoutBuffer(device: device, width: mode.width, height: mode.height))
            } catch {
                buffers.forEach { $0.release() }
                throw error
            }
        }
        self.device = device
        self.selection = selection
        self.buffers = buffers
        devicePath = path
        connectorName = connector.name
        connectorID = connector.id
        self.mode = mode
        rawMode = snapshot.rawModes[selection.connectorIndex][selection.modeIndex]
        rotation = options.rotation
        // Both buffers come from one create call shape, so they share a pitch.
        let copier = FrameCopier(rotation: options.rotation, physicalWidth: mode.width, physicalHeight: mode.height,
                                 pitch: buffers[0].pitch)
        writer = ScanoutWriter(copier: copier)
        width = copier.logicalWidth
        height = copier.logicalHeight
        if connector.widthMillimetres > 0, connector.heightMillimetres > 0 {
            let millimetres = options.rotation.logicalSize(physicalWidth: connector.widthMillimetres,
                                                           physicalHeight: connector.heightMillimetres)
            physicalSize = Size(width: Double(millimetres.width), height: Double(millimetres.height))
        } else {
            physicalSize = nil
        }
        flipRecord = .allocate(capacity: 1)
        flipRecord.initialize(to: FlipRecord())
    }

    deinit {
        restore()
        flipRecord.deallocate()
    }

    /// Poll this for readability; then call `handleEvents()`.
    public var eventDescriptor: Int32 { device.fileDescriptor }

    /// A flip was queued and its event has not arrived: present() would refuse.
    public var isFlipPending: Bool { pendingIndex != nil }

    /// False while the console is switched away (master dropped).
    public var isActive: Bool { isMaster && !isRestored }

    /// Shows a frame of `width` x `height` XRGB8888 pixels whose rows are
    /// `stride` bytes apart. Only the rows in `damage` changed since the
    /// previous frame; only those (and what the back buffer missed) are
    /// written, and only those are passed to DirtyFB. Returns false,
    /// drawing nothing, while a flip is pending or the console is switched
    /// away: present again after the next flip event or the redraw request.
    @discardableResult
    public func present(pixels: UnsafeRawBufferPointer, stride: Int, damage changed: FrameDamage) throws(DisplayError) -> Bool {
        guard isActive, pendingIndex == nil else { return false }
        let target = backIndex
        let rows = writer.write(pixels, stride: stride, damage: changed, into: target, destination: buffers[target].memory)
        generations[target] += 1
        try show(target, rows: rows)
        return true
    }

    /// The buffer the next present goes into: the front one before the
    /// first modeset, else the one not on the glass.
    private var backIndex: Int { needsModeset ? frontIndex : 1 - frontIndex }

    /// The back buffer, to compose the next frame straight into; nil while
    /// a present would be refused, or when frames are turned (they are then
    /// composed upright in RAM and copied turned).
    public var backBuffer: ScanoutTarget? {
        guard isActive, pendingIndex == nil, rotation == .none else { return nil }
        let index = backIndex
        let buffer = buffers[index]
        return ScanoutTarget(pixels: buffer.memory, stride: buffer.pitch, width: width, height: height,
                             identity: ScanoutTarget.Identity(buffer: index, generation: generations[index]))
    }

    /// Shows the back buffer as composed straight into since it was last
    /// shown; `written` are the rows written, for DirtyFB. False, as
    /// `present` returns, while a flip is pending or the console is away.
    public func presentBackBuffer(written: FrameDamage) throws(DisplayError) -> Bool {
        guard isActive, pendingIndex == nil else { return false }
        // The buffers now hold frames that were not copied from RAM.
        writer.invalidateAll()
        try show(backIndex, rows: written)
        return true
    }

    /// Tells the driver which rows of buffer `target` changed, then sets
    /// the mode with it (the first frame) or queues its flip.
    private func show(_ target: Int, rows: FrameDamage) throws(DisplayError) {
        let buffer = buffers[target]
        if dirtyFBSupported, !rows.isEmpty {
            let rects = rows.runs.map { writer.copier.panelRect(rows: $0) }
            dirtyFBSupported = try device.markDirty(framebuffer: buffer.framebuffer, rects: rects)
        }
        if needsModeset {
            try device.setCRTC(selection.crtcID, framebuffer: buffer.framebuffer, connector: connectorID, mode: rawMode)
            needsModeset = false
            frontIndex = target
        } else {
            flipRecord.pointee = FlipRecord()
            try device.pageFlip(crtc: selection.crtcID, framebuffer: buffer.framebuffer, userData: UnsafeMutableRawPointer(flipRecord))
            pendingIndex = target
        }
    }

    /// Reads the DRM events waiting on the descriptor. Returns the vblank
    /// time (ms, CLOCK_MONOTONIC) of a completed flip, or nil when none completed.
    public func handleEvents() throws(DisplayError) -> Double? {
        var context = drmEventContext()
        context.version = 2
        context.page_flip_handler = { _, _, seconds, microseconds, userData in
            guard let record = userData?.assumingMemoryBound(to: FlipRecord.self) else { return }
            record.pointee.completed = true
            record.pointee.time = Double(seconds) * 1000 + Double(microseconds) / 1000
        }
        try device.handleEvents(&context)
        guard let pending = pendingIndex, flipRecord.pointee.completed else { return nil }
        frontIndex = pending
        pendingIndex = nil
        flipRecord.pointee.completed = false
        return flipRecord.pointee.time
    }

    /// Waits (at most `timeout` ms) for a pending flip to complete, for a
    /// console switch or exit: the buffer must not be freed while scanned out.
    public func waitForPendingFlip(timeout: Int32 = 500) {
        let deadline = monotonicMilliseconds() + Double(timeout)
        let card = PollSet([device.fileDescriptor])
        while pendingIndex != nil {
            let left = deadline - monotonicMilliseconds()
            guard left > 0, let ready = try? card.waitForReadable(timeout: left) else { break }
            if !ready.isEmpty { _ = try? handleEvents() }
        }
        pendingIndex = nil
    }

    /// The console is being switched away: finish the flip and give up master.
    public func releaseForSwitch() throws(DisplayError) {
        guard isMaster, !isRestored else { return }
        waitForPendingFlip()
        try device.dropMaster()
        isMaster = false
    }

    /// The console is ours again: take master back; the next present sets
    /// the mode and copies the whole frame (the caller redraws).
    public func reacquireAfterSwitch() throws(DisplayError) {
        guard !isMaster, !isRestored else { return }
        try device.setMaster()
        isMaster = true
        needsModeset = true
        writer.invalidateAll()
        generations = generations.map { $0 + 1 }
    }

    /// Turns the panel off or on through the connector's DPMS property
    /// (the scanout buffers and the mode are kept). Waits for a pending flip first.
    public func setPowered(_ on: Bool) throws(DisplayError) {
        guard on != isPowered, isActive else { return }
        waitForPendingFlip()
        if dpmsProperty == nil { dpmsProperty = device.connectorProperty(connectorID, named: "DPMS") }
        guard let dpmsProperty else { throw .noDPMS(path: devicePath, connector: connectorName) }
        try device.setConnectorProperty(connectorID, property: dpmsProperty, named: "DPMS",
                                        to: UInt64(on ? DRM_MODE_DPMS_ON : DRM_MODE_DPMS_OFF))
        isPowered = on
    }

    /// Puts the CRTC back as it was at start (the console's framebuffer),
    /// frees the buffers and closes the card. Safe to call more than once.
    public func restore() {
        guard !isRestored else { return }
        waitForPendingFlip()
        // The console's picture needs the panel on.
        if !isPowered { try? setPowered(true) }
        if isMaster {
            let saved = savedCRTC
            if saved.buffer_id != 0 && saved.mode_valid != 0 {
                try? device.setCRTC(saved.crtc_id, framebuffer: saved.buffer_id, x: saved.x, y: saved.y,
                                    connector: connectorID, mode: saved.mode)
            } else {
                try? device.setCRTC(saved.crtc_id, framebuffer: 0, connector: nil, mode: nil)
            }
        }
        isRestored = true
        buffers.forEach { $0.release() }
        buffers.removeAll()
        device.close()
    }
}
