import Devices
import Geometry
import Raster

/// The e-ink policy over a display (`--display-mode eink`): frames of
/// motion are not shown (the loop presents the frame at rest, so a turn is
/// one update), each frame is quantized to 16 greys (the interface over the
/// page to black and white), and only what changed goes to the display,
/// with the refreshes `EinkPolicy` asks for. The display underneath gets
/// the quantized picture's changed rows: on KMS they go out as damage.
public final class EinkDisplay: Display {
    public let inner: Display
    public private(set) var panel: EinkPanel
    public private(set) var policy: EinkPolicy
    /// The refreshes asked for, oldest first (the last `keptUpdates` of them).
    public private(set) var updates: [EinkUpdate] = []
    /// A kiosk runs for months: older updates are let go.
    public static let keptUpdates = 1000
    private var showsInterface = false
    /// The page of the frame about to be presented, and of the last one presented.
    private var page: Int?, presentedPage: Int?

    public init(over inner: Display) {
        self.inner = inner
        panel = EinkPanel(width: inner.width, height: inner.height)
        policy = EinkPolicy(width: inner.width, height: inner.height)
    }

    public var width: Int { inner.width }
    public var height: Int { inner.height }
    public var canPresent: Bool { inner.canPresent }
    public var pollDescriptors: [Int32] { inner.pollDescriptors }
    public var nextEventTime: Double? { inner.nextEventTime }
    public var physicalSize: Size? { inner.physicalSize }
    public var showsMotion: Bool { false }

    public func willPresent(interface: Bool, page: Int?) {
        showsInterface = interface
        self.page = page
    }

    public func present(pixels: UnsafeRawBufferPointer, stride: Int, damage: FrameDamage, at time: Double) throws -> Bool {
        guard inner.canPresent else { return false }
        var rows = damage.resized(to: height)
        // A page redraws in greys what the interface left in black and white.
        if !showsInterface { rows.formUnion(panel.blackAndWhiteRows) }
        let changes = panel.take(pixels: pixels, stride: stride, rows: rows, blackAndWhite: showsInterface)
        // Another page is a turn however little of the glass it changes (wide margins, a short last page).
        let turned = page != nil && presentedPage != nil && page != presentedPage
        let asked = policy.updates(for: changes, interface: showsInterface, turned: turned)
        presentedPage = page
        guard !asked.isEmpty else { return true }
        updates.append(contentsOf: asked)
        if updates.count > Self.keptUpdates { updates.removeFirst(updates.count - Self.keptUpdates) }
        var refreshed = FrameDamage(rows: height)
        for update in asked { refreshed.insert(update.rect.y..<update.rect.maxY) }
        let picture = panel.picture
        return try picture.withUnsafeBytes { quantized in
            try inner.present(pixels: quantized, stride: picture.bytesPerRow, damage: refreshed, at: time)
        }
    }

    public func handleEvents(at time: Double) throws -> [DisplayEvent] { try inner.handleEvents(at: time) }

    public func giveUp() throws { try inner.giveUp() }

    /// Back on the glass after a console switch: the first frame is a full refresh.
    public func takeBack() throws {
        try inner.takeBack()
        restart()
    }

    public func setPowered(_ on: Bool) throws {
        try inner.setPowered(on)
        if on { restart() }
    }

    public func switchConsole(to number: Int) throws -> Bool { try inner.switchConsole(to: number) }

    private func restart() {
        panel = EinkPanel(width: width, height: height)
        policy = EinkPolicy(width: width, height: height)
        presentedPage = nil
    }
}

extension EinkUpdate {
    /// `{"mode": "partial", "x": 0, "y": 0, "w": 1280, "h": 768}`: the headless final line's `updates`.
    public var json: JSONLine {
        var object = JSONLine()
        object.add("mode", mode.rawValue)
        object.add("x", rect.x)
        object.add("y", rect.y)
        object.add("w", rect.width)
        object.add("h", rect.height)
        return object
    }
}
