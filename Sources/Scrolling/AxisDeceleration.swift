import Foundation

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
                bounce(outward: outward, for: remaining)
                remaining = 0
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

    private mutating func bounce(outward: Double, for dt: Double) {
        let edge = outward > 0 ? maximum : minimum
        let overshoot = position - edge
        let step = ScrollPhysics.bounceStep(overshoot: overshoot, velocity: velocity, rate: rate, dt: dt)
        if step.overshoot * outward < 0 {
            // Came back inside with momentum left: coast on from the edge.
            position = edge
            velocity = step.velocity + log(ScrollPhysics.bounceRate) * step.overshoot
            let projected = ScrollPhysics.projectedEnd(position: edge, velocity: velocity, rate: rate)
            target = min(max(projected, minimum), maximum)
            phase = abs(velocity) < ScrollPhysics.stopSpeed ? .resting : .coasting
            return
        }
        position = edge + step.overshoot
        velocity = step.velocity
        if abs(step.overshoot) < ScrollPhysics.snapDistance && abs(velocity) < ScrollPhysics.stopSpeed {
            position = edge
            velocity = 0
            phase = .resting
        }
    }
}
