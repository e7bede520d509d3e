/// A picture set beside the text instead of between it (CSS `float`), and
/// blocks that go below such pictures (CSS `clear`).
extension BlockStyle {
    /// A side of the text column, as it is on the page. A format resolves
    /// `inline-start` and `inline-end` by the block's direction.
    public enum Side: UInt8, Sendable, Hashable {
        case left, right
    }

    /// An image block floated to a side of the column: the text of the
    /// blocks after it wraps beside it until it passes its bottom.
    public struct Floating: Sendable, Hashable {
        public var side: Side
        /// The margins around the picture, in ems of the body size.
        public var marginTop: Double
        public var marginRight: Double
        public var marginBottom: Double
        public var marginLeft: Double

        public init(side: Side, marginTop: Double = 0, marginRight: Double = 0, marginBottom: Double = 0,
                    marginLeft: Double = 0) {
            self.side = side
            self.marginTop = marginTop
            self.marginRight = marginRight
            self.marginBottom = marginBottom
            self.marginLeft = marginLeft
        }
    }

    /// The sides whose floated pictures a block is set below.
    public struct Clear: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        public static let left = Clear(rawValue: 1)
        public static let right = Clear(rawValue: 2)
        public static let both: Clear = [.left, .right]

        public func contains(side: Side) -> Bool { contains(side == .left ? .left : .right) }
    }
}
