import Geometry

/// Sizes of the reader's interface on one screen: targets a finger can
/// hit (9 mm) and text that can be read (3 mm), from the panel's physical
/// size when it is known, else from a 1280 px wide screen counted as
/// 48 px for 9 mm and scaled. With both sides known the denser of the two
/// counts (panels' reported sizes are rounded, and their pixels are not
/// always square), so a target is 9 mm each way. A reported size that makes
/// no sense for a panel (under 25 or over 1000 pixels an inch: a projector, or an EDID
/// that gives only the aspect ratio) counts as unknown.
///
/// `scale` (large print) grows targets, text and spacing together, as far
/// as a target of an eighth of the screen's shorter side: past that the
/// bars and panels would no longer fit a small screen.
public struct InterfaceMetrics: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public let pixelsPerMillimetre: Double
    /// The factor the interface is drawn at (the scale asked for, held to what the screen holds).
    public let scale: Double
    /// The interface's language is written right to left: layouts are
    /// made left to right and mirrored across the screen by `placed`.
    public var isRightToLeft = false

    public init(width: Int, height: Int, physicalWidthMillimetres: Double? = nil,
                physicalHeightMillimetres: Double? = nil, scale: InterfaceScale = .normal) {
        self.width = width
        self.height = height
        let densities = [Self.density(pixels: width, millimetres: physicalWidthMillimetres),
                         Self.density(pixels: height, millimetres: physicalHeightMillimetres)].compactMap { $0 }
        if let densest = densities.max() {
            pixelsPerMillimetre = densest
        } else {
            // The longer side stands for the 1280 px, so a portrait panel is not taken for a smaller one.
            pixelsPerMillimetre = 48.0 / 9.0 * Double(max(width, height)) / 1280
        }
        let unscaled = Double(Self.target(pixelsPerMillimetre: pixelsPerMillimetre, scale: 1))
        let largest = Double(min(width, height)) / Self.shortSideShare
        self.scale = max(1, min(scale.rawValue, largest / unscaled))
    }

    /// The panel's pixels a millimetre along one side, when its length there is plausible.
    private static func density(pixels: Int, millimetres: Double?) -> Double? {
        guard let millimetres, millimetres > 0 else { return nil }
        let density = Double(pixels) / millimetres
        return plausibleDensity.contains(density) ? density : nil
    }

    /// A target is at most the screen's shorter side over this (60 px on 800x480) when scaled.
    public static let shortSideShare = 8.0

    private static func target(pixelsPerMillimetre: Double, scale: Double) -> Int {
        max(24, Int((9 * pixelsPerMillimetre * scale).rounded(.up)))
    }

    /// Pixels a millimetre a real panel may have (25 to 1000 dpi).
    public static let plausibleDensity = (25.0 / 25.4)...(1000.0 / 25.4)

    /// The smallest side of a control: 9 mm (times the scale), and never under 24 px.
    public var target: Int { Self.target(pixelsPerMillimetre: pixelsPerMillimetre, scale: scale) }
    /// The label font size: capitals about 3 mm high (they are about 0.7 em).
    public var labelSize: Int { max(10, Int((4.5 * pixelsPerMillimetre * scale).rounded())) }
    /// Space around and between controls.
    public var padding: Int { max(4, target / 4) }

    /// `rect` of a left-to-right layout where the interface puts it:
    /// mirrored across the screen when the language is written right to left.
    public func placed(_ rect: PixelRect) -> PixelRect {
        guard isRightToLeft else { return rect }
        return PixelRect(x: width - rect.maxX, y: rect.y, width: rect.width, height: rect.height)
    }

    /// A point's x as the left-to-right layout sees it (mirrored back).
    public func layoutX(_ x: Double) -> Double { isRightToLeft ? Double(width) - x : x }
}

extension Array {
    /// Controls of a left-to-right layout where the interface puts them.
    public func placed<Control>(by metrics: InterfaceMetrics) -> [PlacedControl<Control>] where Element == PlacedControl<Control> {
        guard metrics.isRightToLeft else { return self }
        return map { PlacedControl($0.control, label: $0.label, rect: metrics.placed($0.rect)) }
    }
}
