/// How far the picture is turned clockwise on the panel (`--rotate`). The
/// display composes the frame upright at the logical size and turns it
/// while copying it to the panel; touch mapping turns touches back so they
/// land where the picture shows them.
public enum Rotation: Int, Equatable, Sendable, CaseIterable {
    case none = 0
    case quarter = 90
    case half = 180
    case threeQuarters = 270

    /// A multiple of 90 degrees, normalised to 0, 90, 180 or 270 (-90 is
    /// 270, 450 is 90); nil for any other angle.
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

    /// A point on the panel, normalised to 0...1 on both axes, as the same
    /// normalised point in the upright picture.
    public func uprightPoint(fromPanel point: Point) -> Point {
        switch self {
        case .none: point
        case .quarter: Point(x: point.y, y: 1 - point.x)
        case .half: Point(x: 1 - point.x, y: 1 - point.y)
        case .threeQuarters: Point(x: 1 - point.y, y: point.x)
        }
    }

    /// The inverse of `uprightPoint(fromPanel:)`: a normalised point of the upright picture on the panel.
    public func panelPoint(fromUpright point: Point) -> Point {
        switch self {
        case .none: point
        case .quarter: Point(x: 1 - point.y, y: point.x)
        case .half: Point(x: 1 - point.x, y: 1 - point.y)
        case .threeQuarters: Point(x: point.y, y: 1 - point.x)
        }
    }
}
