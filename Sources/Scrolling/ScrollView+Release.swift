#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry

extension ScrollView {
    /// Ends a drag: announces where the motion will rest (the delegate may move
    /// it), then starts momentum, a bounce or the paging settle towards it.
    /// A delegate may also rearrange the content in willEndDragging (turn a
    /// zoomed page into the pages side by side): the motion then starts from
    /// the offset it left, with paging as it left it.
    func release(velocity: Point, time: Double, drag: DragState) {
        var target = pagingEnabled
            ? pagingTarget(position: offset, velocity: velocity, drag: drag)
            : momentumTarget(position: offset, velocity: velocity)
        delegate?.scrollViewWillEndDragging(self, withVelocity: velocity, targetContentOffset: &target)
        target = clampedOffset(target)
        let position = offset

        let next = pagingEnabled
            ? pagingSettle(from: position, velocity: velocity, target: target, time: time)
            : deceleration(from: position, velocity: velocity, target: target, time: time)
        delegate?.scrollViewDidEndDragging(self, willDecelerate: next != nil)
        isDragging = false
        // A delegate that moved the content itself in didEndDragging has taken over.
        guard let next, offset == position, motion == .none, touch == nil else { return }
        isDecelerating = true
        motion = next
        delegate?.scrollViewWillBeginDecelerating(self)
    }

    private func pagingTarget(position: Point, velocity: Point, drag: DragState) -> Point {
        var target = clampedOffset(position)
        let minimum = minimumOffset
        let maximum = maximumOffset
        for axis in Axis.allCases where canScroll(axis) {
            target[axis] = PagingRule.targetOffset(offset: position[axis], velocity: velocity[axis],
                                                   pageSize: viewportSize[axis],
                                                   startOffset: drag.startOffset[axis],
                                                   minimum: minimum[axis], maximum: maximum[axis])
        }
        return target
    }

    /// The projected end `x - v/ln(r)`, clamped (from past an edge, allowing for
    /// the bounce); where the content is when the release is too slow for momentum.
    private func momentumTarget(position: Point, velocity: Point) -> Point {
        guard velocity.length >= ScrollPhysics.momentumStartSpeed else { return clampedOffset(position) }
        let minimum = minimumOffset
        let maximum = maximumOffset
        var target = clampedOffset(position)
        for axis in Axis.allCases {
            target[axis] = AxisDeceleration.restingPoint(position: position[axis], velocity: velocity[axis],
                                                         minimum: minimum[axis], maximum: maximum[axis],
                                                         rate: decelerationRate)
        }
        return target
    }

    /// Momentum and bounce towards `target`, or nil when nothing needs to move.
    private func deceleration(from position: Point, velocity: Point, target: Point, time: Double) -> Motion? {
        let momentum = velocity.length >= ScrollPhysics.momentumStartSpeed ? velocity : .zero
        let minimum = minimumOffset
        let maximum = maximumOffset
        func axis(_ axis: Axis) -> AxisDeceleration {
            AxisDeceleration.toward(target: target[axis], from: position[axis], velocity: momentum[axis],
                                    minimum: minimum[axis], maximum: maximum[axis],
                                    rate: decelerationRate, bounces: bounces)
        }
        let horizontal = axis(.horizontal)
        let vertical = axis(.vertical)
        if horizontal.isResting && vertical.isResting {
            // Only a hard edge (bounces off) can stop a flick at once; show where it stopped.
            moveContent(to: Point(x: horizontal.position, y: vertical.position))
            return nil
        }
        return .decelerating(horizontal: horizontal, vertical: vertical, time: time)
    }

    /// The critically damped pull onto the target page, or nil when already there.
    private func pagingSettle(from position: Point, velocity: Point, target: Point, time: Double) -> Motion? {
        let horizontal = AxisSpring(position: position.x, velocity: velocity.x, target: target.x)
        let vertical = AxisSpring(position: position.y, velocity: velocity.y, target: target.y)
        if horizontal.isSettled && vertical.isSettled {
            moveContent(to: target)
            return nil
        }
        return .pagingSettle(horizontal: horizontal, vertical: vertical, time: time)
    }
}
