#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry

/// Estimates a finger's velocity from its recent positions.
///
/// Fits `p(t) = a + b*t + c*t^2` by least squares to the samples of the last
/// 100 ms (at most 20) and reports the slope at the newest sample. A finger
/// that has not moved for 40 ms has stopped: its velocity is zero.
public struct VelocityTracker: Sendable {
    public struct Sample: Equatable, Sendable {
        public var position: Point
        public var time: Double
    }

    /// Only samples this recent (ms before the newest) take part in the fit.
    public static let window = 100.0
    /// At most this many samples take part in the fit.
    public static let maximumSamples = 20
    /// A finger that has not moved for this long (ms) has stopped.
    public static let stopInterval = 40.0

    public private(set) var samples: [Sample] = []
    /// Time of the newest sample that changed the position.
    private var lastMovementTime: Double?

    public init() {}

    public mutating func reset() {
        samples.removeAll()
        lastMovementTime = nil
    }

    public mutating func add(_ position: Point, time: Double) {
        if let last = samples.last {
            if time < last.time { return }  // out of order: keep the history monotonic
            if position != last.position { lastMovementTime = time }
        } else {
            lastMovementTime = time
        }
        samples.append(Sample(position: position, time: time))
        let oldest = time - Self.window
        let tooOld = samples.prefix { $0.time < oldest }.count
        let tooMany = max(0, samples.count - Self.maximumSamples)
        samples.removeFirst(max(tooOld, tooMany))
    }

    /// Finger velocity in px/ms as seen at `time` (for instance the lift time).
    public func velocity(at time: Double) -> Point {
        guard let newest = samples.last, let moved = lastMovementTime else { return .zero }
        if time - moved >= Self.stopInterval { return .zero }
        let recent = samples.filter { $0.time >= newest.time - Self.window }
        let times = recent.map { $0.time - newest.time }
        return Point(x: Self.slope(times: times, values: recent.map(\.position.x)),
                     y: Self.slope(times: times, values: recent.map(\.position.y)))
    }

    /// Slope at t = 0 of the least-squares quadratic (or line, when a quadratic is
    /// not determined) through the points.
    static func slope(times: [Double], values: [Double]) -> Double {
        let distinctTimes = Set(times).count
        if distinctTimes < 2 { return 0 }
        if distinctTimes >= 3, let quadratic = fitQuadraticSlope(times: times, values: values) {
            return quadratic
        }
        return fitLineSlope(times: times, values: values)
    }

    private static func fitLineSlope(times: [Double], values: [Double]) -> Double {
        let n = Double(times.count)
        let meanT = times.reduce(0, +) / n
        let meanV = values.reduce(0, +) / n
        var covariance = 0.0
        var variance = 0.0
        for (t, v) in zip(times, values) {
            covariance += (t - meanT) * (v - meanV)
            variance += (t - meanT) * (t - meanT)
        }
        return variance > 0 ? covariance / variance : 0
    }

    /// Solves the 3x3 normal equations by Cramer's rule; nil when they are singular.
    private static func fitQuadraticSlope(times: [Double], values: [Double]) -> Double? {
        var s = [Double](repeating: 0, count: 5)  // sums of t^0 ... t^4
        var r = [Double](repeating: 0, count: 3)  // sums of v*t^0 ... v*t^2
        for (t, v) in zip(times, values) {
            var power = 1.0
            for k in 0..<5 {
                s[k] += power
                if k < 3 { r[k] += v * power }
                power *= t
            }
        }
        func det(_ m: [[Double]]) -> Double {
            m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
                - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
        }
        let normal = [[s[0], s[1], s[2]], [s[1], s[2], s[3]], [s[2], s[3], s[4]]]
        let d = det(normal)
        let scale = s[0] * s[2] * s[4]
        guard abs(d) > 1e-12 * max(scale, 1) else { return nil }
        var withRight = normal
        for row in 0..<3 { withRight[row][1] = r[row] }
        return det(withRight) / d
    }
}
