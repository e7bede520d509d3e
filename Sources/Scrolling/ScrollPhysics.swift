#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The measured constants and the closed-form motion laws of the scroll view.
///
/// Every step function is the exact solution of its motion law over `dt`, so a
/// run of frames of any length lands where one long frame would.
/// Units: px, ms, px/ms.
public enum ScrollPhysics {
    /// Per-millisecond velocity retention of a normal flick.
    public static let normalDecelerationRate = 0.998
    /// Per-millisecond velocity retention of a fast-stopping flick.
    public static let fastDecelerationRate = 0.99
    /// Momentum stops below this speed.
    public static let stopSpeed = 0.01
    /// A release slower than this (and not overscrolled) does not decelerate.
    public static let momentumStartSpeed = 0.25
    /// Paging: faster than this moves to the next page in the direction of motion.
    public static let pagingVelocityThreshold = 0.3
    /// Rubber band stiffness `c`.
    public static let rubberBandCoefficient = 0.55
    /// Per-millisecond retention of the overshoot while bouncing back.
    public static let bounceRate = 0.99
    /// A bounce or settle this close to its rest position snaps onto it.
    public static let snapDistance = 0.5
    /// Distance a finger travels before a touch becomes a drag.
    public static let touchSlop = 10.0
    /// How long content waits for a touch while the scroll view decides whether it is a drag.
    public static let contentTouchDelay = 150.0
    /// Natural frequency (per ms) of the paging settle: about 300 ms for a few px,
    /// about 400 ms for half a page, critically damped so it never oscillates.
    public static let pagingSpringFrequency = 0.024
    /// Duration of animated `setContentOffset`, `scrollRectToVisible`, scroll to top and zoom.
    public static let scrollAnimationDuration = 300.0

    // MARK: Momentum

    /// Where a flick from `position` at `velocity` comes to rest: `x - v/ln(r)`.
    public static func projectedEnd(position: Double, velocity: Double, rate: Double) -> Double {
        position - velocity / log(rate)
    }

    /// One frame of momentum: the velocity decays by `rate^dt` and the position
    /// moves by the integral of the velocity over the frame.
    ///
    /// Integrating the continuous law (`v/-ln r` rather than the per-ms sum
    /// `v*r/(1-r)`) keeps `x - v/ln(r)` invariant, so a flick ends exactly at the
    /// projected end announced to the delegate.
    public static func decayStep(position: Double, velocity: Double, rate: Double, dt: Double)
        -> (position: Double, velocity: Double)
    {
        let decay = pow(rate, dt)
        return (position + velocity * (1 - decay) / -log(rate), velocity * decay)
    }

    /// Time until momentum from `position` at `velocity` reaches `edge`, or nil when it never does.
    public static func timeToReach(edge: Double, position: Double, velocity: Double, rate: Double) -> Double? {
        let distance = edge - position
        guard velocity != 0, distance * velocity > 0 else { return distance == 0 ? 0 : nil }
        let fraction = 1 - distance * -log(rate) / velocity
        guard fraction > 0 else { return nil }
        return log(fraction) / log(rate)
    }

    // MARK: Rubber band and bounce

    /// Rubber band while dragging: `f(x) = (1 - 1/(x*c/d + 1)) * d`, with `x` the raw
    /// overshoot and `d` the viewport size on that axis. Odd in `x`.
    public static func rubberBand(overshoot x: Double, dimension d: Double,
                                  coefficient c: Double = rubberBandCoefficient) -> Double {
        guard d > 0 else { return 0 }
        let magnitude = (1 - 1 / (abs(x) * c / d + 1)) * d
        return x < 0 ? -magnitude : magnitude
    }

    /// The raw overshoot whose rubber band is `y` (the inverse of `rubberBand`), so a
    /// drag can resume from an overscrolled offset without a jump.
    public static func rawOvershoot(rubberBanded y: Double, dimension d: Double,
                                    coefficient c: Double = rubberBandCoefficient) -> Double {
        guard d > 0 else { return 0 }
        let magnitude = min(abs(y), d * 0.999)
        let raw = magnitude * d / (c * (d - magnitude))
        return y < 0 ? -raw : raw
    }

    /// One frame past an edge: the overshoot `o` is pulled back by `b^t` on top of
    /// the momentum, whose velocity `v` decays by both the deceleration rate and `b`
    /// while overscrolled (so a flick into an edge turns round in about 100 ms).
    /// Solves `o' = v + o*ln(b)`, `v' = v*ln(r*b)` exactly. With `v = 0` this is
    /// `x = edge + b^t*(x - edge)`.
    public static func bounceStep(overshoot o: Double, velocity v: Double, rate r: Double,
                                  bounceRate b: Double = bounceRate, dt: Double)
        -> (overshoot: Double, velocity: Double)
    {
        let pull = -log(b)
        let damping = -log(r) + pull
        let overshootDecay = exp(-pull * dt)
        let velocityDecay = exp(-damping * dt)
        let overshoot = o * overshootDecay + v * (overshootDecay - velocityDecay) / (damping - pull)
        return (overshoot, v * velocityDecay)
    }

    /// Time until an overshoot `o` moving back inside at momentum `v` reaches
    /// the edge under `bounceStep`'s law, or nil when it turns back first.
    public static func timeToReturn(overshoot o: Double, velocity v: Double, rate r: Double,
                                    bounceRate b: Double = bounceRate) -> Double? {
        guard o * v < 0 else { return o == 0 ? 0 : nil }
        let spread = -log(r)  // damping minus pull
        let fraction = 1 + o * spread / v
        guard fraction > 0 else { return nil }
        return -log(fraction) / spread
    }

    // MARK: Paging settle

    /// One frame of the critically damped pull towards `target` with natural
    /// frequency `omega`: `e(t) = (e0 + (v0 + w*e0)*t) * exp(-w*t)`.
    public static func springStep(position: Double, velocity: Double, target: Double,
                                  omega: Double = pagingSpringFrequency, dt: Double)
        -> (position: Double, velocity: Double)
    {
        let error = position - target
        let drive = velocity + omega * error
        let decay = exp(-omega * dt)
        return (target + (error + drive * dt) * decay, (velocity - omega * drive * dt) * decay)
    }

    /// The release velocity the spring may start with and never cross
    /// `target`: `e(t)` keeps its sign while `v0 + w*e0` does, so a velocity
    /// towards the target is limited to `w*|e0|` (the pure exponential
    /// approach); a velocity away from it is kept.
    public static func springStartVelocity(position: Double, velocity: Double, target: Double,
                                           omega: Double = pagingSpringFrequency) -> Double {
        let error = position - target
        guard error * velocity < 0 else { return velocity }
        let limit = omega * abs(error)
        return abs(velocity) > limit ? -omega * error : velocity
    }

    // MARK: Zoom

    /// Zoom scale with the rubber band past the limits: above `max`,
    /// `max*(2 - max/s)`; below `min`, `min/(2 - s/min)`.
    public static func rubberBandedZoomScale(_ scale: Double, minimum: Double, maximum: Double) -> Double {
        if scale > maximum { return maximum * (2 - maximum / scale) }
        if scale < minimum { return minimum / (2 - scale / minimum) }
        return scale
    }

    /// Duration in ms of the bounce from `scale` back to `target`:
    /// `min(|ln s - ln target| * 0.3 + 0.1, 0.4)` seconds.
    public static func zoomBounceDuration(from scale: Double, to target: Double) -> Double {
        min(abs(log(scale) - log(target)) * 0.3 + 0.1, 0.4) * 1000
    }

    // MARK: Easing

    /// Smooth start and end, for programmatic scrolls.
    public static func easeInOut(_ progress: Double) -> Double {
        let p = min(max(progress, 0), 1)
        return p * p * (3 - 2 * p)
    }

    /// Fast start, smooth end, for zoom bounces that continue a finger's motion.
    public static func easeOut(_ progress: Double) -> Double {
        let p = min(max(progress, 0), 1)
        let rest = 1 - p
        return 1 - rest * rest * rest
    }
}
