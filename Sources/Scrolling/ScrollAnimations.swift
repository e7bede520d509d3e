#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry

/// A timed, eased move of the content offset (setContentOffset, scrollRectToVisible, scroll to top).
struct OffsetAnimation: Equatable {
    let from: Point
    let to: Point
    let duration: Double
    /// Set by the first frame after the request, so the animation starts when frames do.
    var startTime: Double?

    func offset(at time: Double) -> Point {
        from + (to - from) * ScrollPhysics.easeInOut(progress(at: time))
    }

    func progress(at time: Double) -> Double {
        guard let startTime else { return 0 }
        return isFinished(at: time) ? 1 : min(max((time - startTime) / duration, 0), 1)
    }

    func isFinished(at time: Double) -> Bool {
        guard let startTime else { return false }
        return time >= startTime + duration
    }
}

/// A timed change of zoom scale and offset: a programmatic zoom or the bounce after a pinch.
///
/// The offset follows the scale affinely, so one content point stays fixed on
/// screen throughout, as when zooming about a point.
struct ZoomAnimation: Equatable {
    let fromScale: Double
    let toScale: Double
    let fromOffset: Point
    let toOffset: Point
    let duration: Double
    /// Ease out for bounces (they continue a finger's motion), in-out for programmatic zooms.
    let easesOut: Bool
    var startTime: Double?

    func progress(at time: Double) -> Double {
        guard let startTime else { return 0 }
        return isFinished(at: time) ? 1 : min(max((time - startTime) / duration, 0), 1)
    }

    func isFinished(at time: Double) -> Bool {
        guard let startTime else { return false }
        return time >= startTime + duration
    }

    func state(at time: Double) -> (scale: Double, offset: Point) {
        let p = progress(at: time)
        if p >= 1 { return (toScale, toOffset) }
        let eased = easesOut ? ScrollPhysics.easeOut(p) : ScrollPhysics.easeInOut(p)
        let scale = exp(log(fromScale) + (log(toScale) - log(fromScale)) * eased)
        let span = toScale - fromScale
        if abs(span) < 1e-12 {
            return (scale, fromOffset + (toOffset - fromOffset) * eased)
        }
        return (scale, fromOffset + (toOffset - fromOffset) * ((scale - fromScale) / span))
    }
}
