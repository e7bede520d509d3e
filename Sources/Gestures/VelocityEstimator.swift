import Geometry

/// Finger velocity from recent positions: a degree-2 least-squares fit over
/// the last `window` ms (at most `maximumSamples` samples), differentiated at
/// the newest sample. A finger that has not moved for `stillness` ms is stopped.
struct VelocityEstimator {
    private struct Sample {
        var time: Double
        var point: Point
    }

    let window: Double
    let maximumSamples: Int
    let stillness: Double
    private var samples: [Sample] = []
    private var lastMovementTime: Double?

    init(window: Double = 100, maximumSamples: Int = 20, stillness: Double = 40) {
        self.window = window
        self.maximumSamples = maximumSamples
        self.stillness = stillness
    }

    mutating func add(_ point: Point, at time: Double) {
        if let last = samples.last {
            if last.point != point { lastMovementTime = time }
            if time <= last.time {
                // Several reports at one timestamp: the newest position wins.
                samples[samples.count - 1].point = point
                return
            }
        } else {
            lastMovementTime = time
        }
        samples.append(Sample(time: time, point: point))
        let oldest = time - window
        samples.removeAll { $0.time < oldest }
        if samples.count > maximumSamples { samples.removeFirst(samples.count - maximumSamples) }
    }

    /// The velocity in px/ms as seen at `time` (the newest sample's time or later).
    func velocity(at time: Double) -> Point {
        guard let newest = samples.last, let moved = lastMovementTime else { return .zero }
        if time - moved > stillness { return .zero }
        let recent = samples.filter { $0.time >= newest.time - window }
        let times = recent.map { $0.time - newest.time }
        return Point(x: Self.slope(times: times, values: recent.map { $0.point.x }),
                      y: Self.slope(times: times, values: recent.map { $0.point.y }))
    }

    /// The first derivative at t = 0 of the least-squares polynomial (degree 2
    /// when three samples allow it, else a line).
    private static func slope(times: [Double], values: [Double]) -> Double {
        guard times.count >= 2 else { return 0 }
        if times.count >= 3, let quadratic = fitQuadratic(times: times, values: values) {
            return quadratic
        }
        let n = Double(times.count)
        let meanT = times.reduce(0, +) / n
        let meanV = values.reduce(0, +) / n
        var covariance = 0.0
        var variance = 0.0
        for (t, v) in zip(times, values) {
            covariance += (t - meanT) * (v - meanV)
            variance += (t - meanT) * (t - meanT)
        }
        return variance > 1e-9 ? covariance / variance : 0
    }

    /// Solves the normal equations of v = a + b t + c t² and returns b, or nil when they are singular.
    private static func fitQuadratic(times: [Double], values: [Double]) -> Double? {
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
        let matrix = [[s[0], s[1], s[2]], [s[1], s[2], s[3]], [s[2], s[3], s[4]]]
        let det = determinant(matrix)
        // Relative test: sums of t^4 grow fast, so compare with the matrix scale.
        guard abs(det) > 1e-9 * max(1, s[4] * s[2] * s[0]) else { return nil }
        var withB = matrix
        for row in 0..<3 { withB[row][1] = r[row] }
        return determinant(withB) / det
    }

    private static func determinant(_ m: [[Double]]) -> Double {
        m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    }
}
