import Geometry

/// The calibration matrix that best maps where a touchscreen reported taps
/// onto where the targets tapped were: an affine map fitted by least
/// squares, x' = a x + b y + c and y' = d x + e y + f, in the matrix's own
/// coordinates (the panel's, normalised to 0...1, before the display's
/// rotation). Three taps not on one line fix it; more even out the finger's
/// error. Pure.
public enum CalibrationFit {
    /// One tap: where the touchscreen put it and where the target was, both normalised on the panel.
    public struct Sample: Equatable, Sendable {
        public var reported: Point
        public var target: Point
        public init(reported: Point, target: Point) {
            self.reported = reported
            self.target = target
        }
    }

    /// The fitted matrix; nil for fewer than three taps or taps on (nearly) one line.
    public static func matrix(fitting samples: [Sample]) -> CalibrationMatrix? {
        guard samples.count >= 3 else { return nil }
        // The normal equations: (Aᵀ A) m = Aᵀ t for the rows (x, y, 1) of A.
        var normal = [[Double]](repeating: [0, 0, 0], count: 3)
        var towardX = [0.0, 0, 0], towardY = [0.0, 0, 0]
        for sample in samples {
            let row = [sample.reported.x, sample.reported.y, 1]
            for i in 0..<3 {
                for j in 0..<3 { normal[i][j] += row[i] * row[j] }
                towardX[i] += row[i] * sample.target.x
                towardY[i] += row[i] * sample.target.y
            }
        }
        guard let x = solve(normal, towardX), let y = solve(normal, towardY) else { return nil }
        let matrix = CalibrationMatrix(a: x[0], b: x[1], c: x[2], d: y[0], e: y[1], f: y[2])
        return [matrix.a, matrix.b, matrix.c, matrix.d, matrix.e, matrix.f].allSatisfy(\.isFinite) ? matrix : nil
    }

    /// The farthest a tap lands from its target through `matrix`, in pixels
    /// of a `width` x `height` screen turned by `rotation`.
    public static func largestError(of matrix: CalibrationMatrix, over samples: [Sample], rotation: Rotation,
                                    width: Int, height: Int) -> Double {
        let scaleX = Double(max(width - 1, 1)), scaleY = Double(max(height - 1, 1))
        return samples.map { sample in
            let landed = rotation.uprightPoint(fromPanel: matrix.apply(sample.reported))
            let target = rotation.uprightPoint(fromPanel: sample.target)
            let dx = (landed.x - target.x) * scaleX, dy = (landed.y - target.y) * scaleY
            return (dx * dx + dy * dy).squareRoot()
        }.max() ?? 0
    }

    /// Solves the 3x3 system by Cramer's rule; nil when it is singular.
    private static func solve(_ m: [[Double]], _ v: [Double]) -> [Double]? {
        func determinant(_ m: [[Double]]) -> Double {
            m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
                - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
        }
        let whole = determinant(m)
        let scale = m.flatMap { $0 }.map(abs).max() ?? 0
        guard scale > 0, abs(whole) > 1e-9 * scale * scale * scale else { return nil }
        return (0..<3).map { column in
            var replaced = m
            for row in 0..<3 { replaced[row][column] = v[row] }
            return determinant(replaced) / whole
        }
    }
}
