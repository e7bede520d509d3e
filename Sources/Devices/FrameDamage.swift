import Geometry

/// The rows of a frame that changed since the frame presented before it.
/// A display copies only these rows to the glass (and tells the driver
/// which, for DirtyFB), so a page at rest with a small change (the menu
/// coming up, a footer redrawn) costs those rows, not a whole frame.
public typealias FrameDamage = RowSet
