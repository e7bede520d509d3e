/// How far the picture is turned clockwise on the panel (`--rotate`). The
/// frame is composed upright at the logical size and turned while it is
/// copied to the scanout buffer; touches are turned back by the input side.
public enum OutputRotation: Int, Equatable, Sendable, CaseIterable {
    case none = 0
    case quarter = 90
    case half = 180
    case threeQuarters = 270

    /// 0, 90, 180 or 270 (other multiples of 90 are normalised).
    public init?(degrees: Int) {
        guard degrees % 90 == 0 else { return nil }
        self.init(rawValue: ((degrees % 360) + 360) % 360)
    }

    /// Whether width and height trade places.
    public var swapsAxes: Bool { self == .quarter || self == .threeQuarters }

    /// The upright picture's size on a panel of the given (mode) size.
    public func logicalSize(physicalWidth: Int, physicalHeight: Int) -> (width: Int, height: Int) {
        swapsAxes ? (physicalHeight, physicalWidth) : (physicalWidth, physicalHeight)
    }
}
