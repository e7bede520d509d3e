#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a paging scroll view settles after a release, one axis at a time.
///
/// Pages sit at multiples of `pageSize`. At most 0.3 px/ms the nearest page
/// wins (the midpoint decides); faster, the next page boundary in the
/// direction of motion. Never more than one page from the page the drag
/// started on, and never outside the content.
public enum PagingRule {
    /// Index of the page whose midpoints enclose `offset`: `floor((x + size/2) / size)`.
    public static func nearestPage(offset: Double, pageSize: Double) -> Int {
        guard pageSize > 0 else { return 0 }
        return Int(((offset + pageSize / 2) / pageSize).rounded(.down))
    }

    /// The content offset to settle on.
    /// - Parameters:
    ///   - offset: content offset at the release.
    ///   - velocity: content velocity at the release, px/ms.
    ///   - startOffset: content offset when the drag began.
    ///   - minimum, maximum: the scrollable range of offsets.
    public static func targetOffset(offset: Double, velocity: Double, pageSize: Double,
                                    startOffset: Double, minimum: Double, maximum: Double) -> Double {
        guard pageSize > 0 else { return min(max(offset, minimum), maximum) }
        let startPage = nearestPage(offset: startOffset, pageSize: pageSize)
        var page: Int
        if abs(velocity) <= ScrollPhysics.pagingVelocityThreshold {
            page = nearestPage(offset: offset, pageSize: pageSize)
        } else {
            // A hair of tolerance so an offset on a page boundary counts as on that page.
            let position = offset / pageSize
            let tolerance = 1e-9
            page = velocity > 0
                ? Int((position + tolerance).rounded(.down)) + 1
                : Int((position - tolerance).rounded(.up)) - 1
        }
        page = min(max(page, startPage - 1), startPage + 1)
        return min(max(Double(page) * pageSize, minimum), maximum)
    }
}

/// The critically damped pull of one axis onto its page. It never passes
/// the page: a release heading for it faster than the spring could stop in
/// time starts at the fastest speed that still comes to rest on it.
struct AxisSpring: Equatable {
    private(set) var position: Double
    private(set) var velocity: Double
    let target: Double

    init(position: Double, velocity: Double, target: Double) {
        self.position = position
        self.velocity = ScrollPhysics.springStartVelocity(position: position, velocity: velocity, target: target)
        self.target = target
        settleIfDone()
    }

    var isSettled: Bool { position == target && velocity == 0 }

    mutating func advance(by dt: Double) {
        guard !isSettled, dt > 0 else { return }
        let step = ScrollPhysics.springStep(position: position, velocity: velocity, target: target, dt: dt)
        position = step.position
        velocity = step.velocity
        settleIfDone()
    }

    private mutating func settleIfDone() {
        if abs(velocity) < ScrollPhysics.stopSpeed && abs(position - target) < ScrollPhysics.snapDistance {
            position = target
            velocity = 0
        }
    }
}
