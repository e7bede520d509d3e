#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry

extension ScrollView {
    /// Moves the content's coordinate system by `delta` without moving the
    /// picture, as when content was inserted before what is on screen: the
    /// offset, a drag under way (which goes on from where the finger is, as
    /// after `setContentOffset` during a drag) and any running motion all
    /// move by `delta`. Nothing moves on screen, so no delegate message is
    /// sent. Set `contentSize` to the new content first.
    public func shiftContent(by delta: Point) {
        guard delta != .zero else { return }
        offset = offset + delta
        if let start = touch?.drag?.startOffset {
            touch?.drag?.startOffset = start + delta
            rebaseDrag(onto: offset)
        }
        switch motion {
        case .none:
            break
        case let .decelerating(horizontal, vertical, time):
            motion = .decelerating(horizontal: horizontal.shifted(by: delta.x), vertical: vertical.shifted(by: delta.y),
                                   time: time)
        case let .pagingSettle(horizontal, vertical, time):
            motion = .pagingSettle(horizontal: horizontal.shifted(by: delta.x), vertical: vertical.shifted(by: delta.y),
                                   time: time)
        case let .scrolling(animation, toTop):
            motion = .scrolling(OffsetAnimation(from: animation.from + delta, to: animation.to + delta,
                                                duration: animation.duration, startTime: animation.startTime),
                                toTop: toTop)
        case let .zooming(animation, unscaledSize):
            motion = .zooming(ZoomAnimation(fromScale: animation.fromScale, toScale: animation.toScale,
                                            fromOffset: animation.fromOffset + delta, toOffset: animation.toOffset + delta,
                                            duration: animation.duration, easesOut: animation.easesOut,
                                            startTime: animation.startTime),
                              unscaledSize: unscaledSize)
        }
    }
}

extension AxisSpring {
    func shifted(by delta: Double) -> AxisSpring {
        AxisSpring(position: position + delta, velocity: velocity, target: target + delta)
    }
}

extension AxisDeceleration {
    /// The same motion `delta` further along, its edges moved with it.
    func shifted(by delta: Double) -> AxisDeceleration {
        AxisDeceleration(position: position + delta, velocity: velocity, target: target.map { $0 + delta },
                         minimum: minimum + delta, maximum: maximum + delta, rate: rate, bounces: bounces)
    }
}
