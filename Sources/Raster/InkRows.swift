import Geometry

/// The rows of an image that may hold something other than the page's
/// background: the rows a painter drew glyphs on. A row outside the set is
/// known to be background from edge to edge, so a frame composed from
/// pages can leave it alone when it already shows background there.
public typealias InkRows = RowSet
