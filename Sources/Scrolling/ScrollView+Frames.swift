#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry

extension ScrollView {
    /// Moves every running animation to `time` (ms), sending didScroll and the
    /// end messages on the way, and hands a held-back touch to the content when
    /// it is due. Earlier times than the last frame are ignored.
    public func advance(to time: Double) {
        deliverDueContentTouch(at: time)
        switch motion {
        case .none:
            return
        case .decelerating(var horizontal, var vertical, let last):
            guard time > last else { return }
            horizontal.advance(by: time - last)
            vertical.advance(by: time - last)
            let done = horizontal.isResting && vertical.isResting
            motion = done ? .none : .decelerating(horizontal: horizontal, vertical: vertical, time: time)
            moveContent(to: Point(x: horizontal.position, y: vertical.position))
            if done { endDeceleration() }
        case .pagingSettle(var horizontal, var vertical, let last):
            guard time > last else { return }
            horizontal.advance(by: time - last)
            vertical.advance(by: time - last)
            let done = horizontal.isSettled && vertical.isSettled
            motion = done ? .none : .pagingSettle(horizontal: horizontal, vertical: vertical, time: time)
            moveContent(to: Point(x: horizontal.position, y: vertical.position))
            if done { endDeceleration() }
        case .scrolling(var animation, let toTop):
            guard let start = animation.startTime else {
                animation.startTime = time
                motion = .scrolling(animation, toTop: toTop)
                return
            }
            guard time > start else { return }
            if animation.isFinished(at: time) {
                motion = .none
                moveContent(to: animation.to)
                if toTop {
                    delegate?.scrollViewDidScrollToTop(self)
                } else {
                    delegate?.scrollViewDidEndScrollingAnimation(self)
                }
            } else {
                moveContent(to: animation.offset(at: time))
            }
        case .zooming(var animation, let unscaledSize):
            guard let start = animation.startTime else {
                animation.startTime = time
                motion = .zooming(animation, unscaledSize: unscaledSize)
                return
            }
            guard time > start else { return }
            if animation.isFinished(at: time) {
                motion = .none
                finishZoomAnimation(animation, unscaledSize: unscaledSize)
            } else {
                let state = animation.state(at: time)
                applyZoom(scale: state.scale, offset: state.offset, unscaledSize: unscaledSize)
            }
        }
    }

    private func endDeceleration() {
        isDecelerating = false
        delegate?.scrollViewDidEndDecelerating(self)
    }
}
