import Geometry
import Gestures

/// A libinput-style calibration matrix: on coordinates normalised to 0...1,
/// x' = a x + b y + c and y' = d x + e y + f.
public struct CalibrationMatrix: Equatable, Sendable {
    public var a, b, c, d, e, f: Double

    public static let identity = CalibrationMatrix(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0)

    public init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
        (self.a, self.b, self.c, self.d, self.e, self.f) = (a, b, c, d, e, f)
    }

    /// Parses six numbers separated by commas and/or spaces ("a,b,c,d,e,f"
    /// on the command line, "a b c d e f" in udev's LIBINPUT_CALIBRATION_MATRIX).
    public init?(parsing text: some StringProtocol) {
        let numbers = text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }).map { Double($0) }
        guard numbers.count == 6 else { return nil }
        let values = numbers.compactMap { $0 }
        guard values.count == 6, values.allSatisfy(\.isFinite) else { return nil }
        self.init(a: values[0], b: values[1], c: values[2], d: values[3], e: values[4], f: values[5])
    }

    public func apply(_ point: Point) -> Point {
        Point(x: a * point.x + b * point.y + c, y: d * point.x + e * point.y + f)
    }
}

/// Device units to screen pixels: normalise by the axis ranges, apply the
/// calibration matrix, apply the display rotation, scale to the screen
/// (the screen size is the picture's size after rotation). Results are
/// clamped to the screen.
public struct TouchMapper: Equatable, Sendable {
    public var xAxis: AbsInfo
    public var yAxis: AbsInfo
    public var screenWidth: Double
    public var screenHeight: Double
    public var calibration: CalibrationMatrix
    public var rotation: Rotation

    public init(xAxis: AbsInfo, yAxis: AbsInfo, screenWidth: Double, screenHeight: Double,
                calibration: CalibrationMatrix = .identity, rotation: Rotation = .none) {
        self.xAxis = xAxis
        self.yAxis = yAxis
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.calibration = calibration
        self.rotation = rotation
    }

    /// A mapper for the axes a parser reports in.
    public init(parser: EvdevTouchParser, screenWidth: Double, screenHeight: Double,
                calibration: CalibrationMatrix = .identity, rotation: Rotation = .none) {
        self.init(xAxis: parser.xAxis, yAxis: parser.yAxis, screenWidth: screenWidth, screenHeight: screenHeight,
                  calibration: calibration, rotation: rotation)
    }

    public func map(_ point: Point) -> Point {
        let normalised = Point(x: Self.normalise(point.x, xAxis), y: Self.normalise(point.y, yAxis))
        let turned = rotation.uprightPoint(fromPanel: calibration.apply(normalised))
        let maxX = max(screenWidth - 1, 0)
        let maxY = max(screenHeight - 1, 0)
        return Point(x: min(max(turned.x * maxX, 0), maxX), y: min(max(turned.y * maxY, 0), maxY))
    }

    public func map(_ frame: TouchFrame) -> TouchFrame {
        TouchFrame(time: frame.time, touches: frame.touches.map { touch in
            let point = map(touch.point)
            return Touch(id: touch.id, x: point.x, y: point.y)
        })
    }

    private static func normalise(_ value: Double, _ axis: AbsInfo) -> Double {
        let span = Double(axis.maximum) - Double(axis.minimum)
        guard span > 0 else { return 0 }
        return (value - Double(axis.minimum)) / span
    }
}
