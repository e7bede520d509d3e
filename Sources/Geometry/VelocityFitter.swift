/// A finger's velocity (px/ms) from its recent positions, for the gesture
/// recognizer's pans and the scroll view's flicks alike.
///
/// - Fit: `p(t) = a + b t + c t²` by least squares on each axis, over the
///   samples of the last `window` ms before the newest one (100 ms) and at
///   most the `maximumSamples` newest (20); the velocity is `b`, the slope
///   at the newest sample. Two samples give the line through them, one
///   sample or none gives zero.
/// - Stopping: a finger that has not moved for `stillness` ms (40) has
///   stopped: asked at least that long after the last sample that changed
///   the position, the velocity is zero. Repeating a position is no movement.
/// - Several reports at one timestamp: the newest position wins; it is
///   where the finger was last seen at that instant.
/// - A sample older than the newest is ignored, so time never runs back.
/// - Singularity: when the quadratic's normal equations are singular
///   relative to their own scale (samples bunched too closely in time to
///   tell curvature from noise), the line fit is used instead.
/// - Overshoot: on an axis where the quadratic's slope goes against the
///   finger's last move there (the newest position against the last
///   different one), the fit extrapolated a deceleration past zero (reports
///   that came late and bunched, then slow ones, look like that): the
///   finger was slowing, not turning back, and the velocity there is zero.
public struct VelocityFitter: Sendable {
    public struct Sample: Equatable, Sendable {
        public var position: Point
        public var time: Double
    }

    /// Only samples this recent (ms before the newest) take part in the fit.
    public let window: Double
    /// At most this many samples take part in the fit.
    public let maximumSamples: Int
    /// A finger that has not moved for this long (ms) has stopped.
    public let stillness: Double

    /// The samples the fit uses, oldest first, at strictly increasing times.
    public private(set) var samples: [Sample] = []
    /// Time of the newest sample that changed the position.
    private var lastMovementTime: Double?

    public init(window: Double = 100, maximumSamples: Int = 20, stillness: Double = 40) {
        self.window = window
        self.maximumSamples = max(maximumSamples, 1)
        self.stillness = stillness
    }

    public mutating func reset() {
        samples.removeAll()
        lastMovementTime = nil
    }

    public mutating func add(_ position: Point, at time: Double) {
        guard let last = samples.last else {
            samples.append(Sample(position: position, time: time))
            lastMovementTime = time
            return
        }
        if time < last.time { return }
        if position != last.position { lastMovementTime = time }
        if time == last.time {
            samples[samples.count - 1].position = position
            return
        }
        samples.append(Sample(position: position, time: time))
        let oldest = time - window
        let tooOld = samples.prefix { $0.time < oldest }.count
        let tooMany = samples.count - maximumSamples
        samples.removeFirst(max(tooOld, tooMany, 0))
    }

    /// The velocity in px/ms as seen at `time` (the newest sample's time or
    /// later, for instance when the finger lifts).
    public func velocity(at time: Double) -> Point {
        guard let newest = samples.last, let moved = lastMovementTime else { return .zero }
        if time - moved >= stillness { return .zero }
        let times = samples.map { $0.time - newest.time }
        return Point(x: Self.slope(times: times, values: samples.map(\.position.x)),
                     y: Self.slope(times: times, values: samples.map(\.position.y)))
    }

    /// The slope at t = 0 of the least-squares quadratic through the points,
    /// or of the line when there are only two or the quadratic is singular;
    /// zero when the quadratic's goes against the last move.
    static func slope(times: [Double], values: [Double]) -> Double {
        guard times.count >= 2 else { return 0 }
        if times.count >= 3, let quadratic = quadraticSlope(times: times, values: values) {
            return quadratic * lastMove(values) < 0 ? 0 : quadratic
        }
        return lineSlope(times: times, values: values)
    }

    /// The direction of the last move: the newest value less the last one
    /// that differs from it (zero when none does).
    private static func lastMove(_ values: [Double]) -> Double {
        guard let newest = values.last, let before = values.last(where: { $0 != newest }) else { return 0 }
        return newest - before
    }

    private static func lineSlope(times: [Double], values: [Double]) -> Double {
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

    /// Solves the normal equations of v = a + b t + c t² by Cramer's rule
    /// and returns b; nil when they are singular.
    private static func quadraticSlope(times: [Double], values: [Double]) -> Double? {
        var s = [Double](repeating: 0, count: 5)  // sums of t^0 ... t^4
        var r = [Double](repeating: 0, count: 3)  // sums of v t^0 ... v t^2
        for (t, v) in zip(times, values) {
            var power = 1.0
            for k in 0..<5 {
                s[k] += power
                if k < 3 { r[k] += v * power }
                power *= t
            }
        }
        let normal = [[s[0], s[1], s[2]], [s[1], s[2], s[3]], [s[2], s[3], s[4]]]
        let d = determinant(normal)
        // Relative: the sums of t^4 grow fast with the window, so an
        // absolute threshold would mean something else at every scale.
        guard abs(d) > singularity * max(1, s[0] * s[2] * s[4]) else { return nil }
        var withRight = normal
        for row in 0..<3 { withRight[row][1] = r[row] }
        return determinant(withRight) / d
    }

    /// The normal equations count as singular below this fraction of their scale.
    static let singularity = 1e-9

    private static func determinant(_ m: [[Double]]) -> Double {
        m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    }
}
