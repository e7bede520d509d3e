#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Momentum and bounce-back of one axis after the finger lifts.
///
/// Coasting decays the velocity at the deceleration rate and stops at
/// `target` once slower than the stop speed. Crossing an edge (or starting
/// past one) switches to bouncing: the overshoot is pulled back to the edge,
/// and the bounce ends by snapping onto the edge when it is within 0.5 px.
struct AxisDeceleration: Equatable {
    enum Phase: Equatable {
        case coasting
        /// Past the edge on the side `outward` points to (+1 past the maximum, -1 past the minimum).
        case bouncing(outward: Double)
        case resting
    }

    private(set) var position: Double
    /// Momentum velocity in px/ms (while bouncing, the momentum term of the overshoot law).
    private(set) var velocity: Double
    private(set) var phase: Phase
    /// Where coasting comes to rest; nil lets it stop wherever it slows down.
    private(set) var target: Double?
    let minimum: Double
    let maximum: Double
    let rate: Double
    let bounces: Bool

    var isResting: Bool { phase == .resting }

    /// Motion that comes to rest exactly at `target`.
    ///
    /// When `target` is the edge a flick of `velocity` would overrun, the flick
    /// keeps its own velocity and bounces at the edge. Otherwise the velocity is
    /// chosen so that the decay reaches `target` exactly as it slows to the stop
    /// speed: `(target - x) * -ln(r)` plus the stop speed.
    static func toward(target: Double, from position: Double, velocity: Double,
                       minimum: Double, maximum: Double, rate: Double, bounces: Bool) -> AxisDeceleration {
        let inBounds = position >= minimum && position <= maximum
        let natural = ScrollPhysics.projectedEnd(position: position, velocity: velocity, rate: rate)
        let overrunsEdge = (natural > maximum && target == maximum && velocity > 0)
            || (natural < minimum && target == minimum && velocity < 0)
        if !inBounds || overrunsEdge {
            return AxisDeceleration(position: position, velocity: velocity, target: nil,
                                    minimum: minimum, maximum: maximum, rate: rate, bounces: bounces)
        }
        let distance = target - position
        guard distance != 0 else {
            return AxisDeceleration(position: position, velocity: 0, target: target,
                                    minimum: minimum, maximum: maximum, rate: rate, bounces: bounces)
        }
        let aimed = distance * -log(rate) + (distance > 0 ? ScrollPhysics.stopSpeed : -ScrollPhysics.stopSpeed)
        return AxisDeceleration(position: position, velocity: aimed, target: target,
                                minimum: minimum, maximum: maximum, rate: rate, bounces: bounces)
    }

    /// Where a release at `position` with momentum `velocity` comes to rest: the
    /// projected end, or, from past an edge, the projected end of the momentum
    /// left when the content gets back inside (clamped either way).
    static func restingPoint(position: Double, velocity: Double,
                             minimum: Double, maximum: Double, rate: Double) -> Double {
        var start = position
        var momentum = velocity
        if position < minimum || position > maximum {
            let edge = position < minimum ? minimum : maximum
            guard let back = ScrollPhysics.timeToReturn(overshoot: position - edge, velocity: velocity, rate: rate)
            else { return edge }
            start = edge
            momentum = ScrollPhysics.bounceStep(overshoot: position - edge, velocity: velocity, rate: rate,
                                                dt: back).velocity
        }
        let end = ScrollPhysics.projectedEnd(position: start, velocity: momentum, rate: rate)
        return min(max(end, minimum), max(minimum, maximum))
    }

    init(position: Double, velocity: Double, target: Double?,
         minimum: Double, maximum: Double, rate: Double, bounces: Bool) {
        self.minimum = minimum
        self.maximum = max(minimum, maximum)
        self.rate = rate
        self.bounces = bounces
        self.target = target
        if !bounces {
            self.position = min(max(position, minimum), self.maximum)
        } else {
            self.position = position
        }
        self.velocity = velocity
        if self.position < minimum || self.position > self.maximum {
            phase = .bouncing(outward: self.position > self.maximum ? 1 : -1)
        } else if abs(velocity) < ScrollPhysics.stopSpeed {
            phase = .resting
            self.velocity = 0
        } else {
            phase = .coasting
        }
    }

    mutating func advance(by dt: Double) {
        var remaining = dt
        // A frame may coast into an edge and bounce; each phase consumes part of it.
        while remaining > 0 {
            switch phase {
            case .resting:
                return
            case .coasting:
                remaining = coast(for: remaining)
            case .bouncing(let outward):
                remaining = bounce(outward: outward, for: remaining)
            }
        }
    }

    /// Coasts for up to `dt`; returns the time left over when an edge interrupts.
    private mutating func coast(for dt: Double) -> Double {
        let edge = velocity > 0 ? maximum : minimum
        if let hit = ScrollPhysics.timeToReach(edge: edge, position: position, velocity: velocity, rate: rate),
           hit < dt, target == nil || target == edge {
            velocity *= pow(rate, hit)
            position = edge
            if bounces {
                phase = .bouncing(outward: velocity > 0 ? 1 : -1)
            } else {
                velocity = 0
                phase = .resting
            }
            return dt - hit
        }
        let step = ScrollPhysics.decayStep(position: position, velocity: velocity, rate: rate, dt: dt)
        let direction = velocity > 0 ? 1.0 : -1.0
        position = step.position
        velocity = step.velocity
        if let target, (position - target) * direction >= 0 {
            position = target
        }
        if abs(velocity) < ScrollPhysics.stopSpeed {
            if let target { position = target }
            velocity = 0
            phase = .resting
        }
        return 0
    }

    /// Bounces for up to `dt`; returns the time left over when the content comes
    /// back inside with momentum to spare and coasts on.
    private mutating func bounce(outward: Double, for dt: Double) -> Double {
        let edge = outward > 0 ? maximum : minimum
        let overshoot = position - edge
        if let back = ScrollPhysics.timeToReturn(overshoot: overshoot, velocity: velocity, rate: rate),
           back < dt, overshoot != 0 {
            // At the edge the overshoot term vanishes: the momentum is the whole velocity.
            let step = ScrollPhysics.bounceStep(overshoot: overshoot, velocity: velocity, rate: rate, dt: back)
            position = edge
            velocity = step.velocity
            let projected = ScrollPhysics.projectedEnd(position: edge, velocity: velocity, rate: rate)
            self = AxisDeceleration.toward(target: min(max(projected, minimum), maximum), from: edge,
                                           velocity: velocity, minimum: minimum, maximum: maximum,
                                           rate: rate, bounces: bounces)
            return dt - back
        }
        let step = ScrollPhysics.bounceStep(overshoot: overshoot, velocity: velocity, rate: rate, dt: dt)
        position = edge + step.overshoot
        velocity = step.velocity
        if abs(step.overshoot) < ScrollPhysics.snapDistance && abs(velocity) < ScrollPhysics.stopSpeed {
            position = edge
            velocity = 0
            phase = .resting
        }
        return 0
    }
}
