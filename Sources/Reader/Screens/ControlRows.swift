import Geometry

/// Controls set in rows across a width, each at its own width, as many to
/// a row as fit and the rest wrapping onto the next row: how a bar or a
/// panel keeps every control on screen when the interface is too large
/// for one row. A control wider than the whole width is cut to it. Pure.
struct ControlRows: Equatable {
    /// Each control's rectangle, in the order given.
    let rects: [PixelRect]
    /// The rows used (at least one).
    let rowCount: Int
    /// The height the rows take, gaps between them included.
    let height: Int

    enum Alignment {
        /// Each row from the left edge.
        case start
        /// Each row against the right edge.
        case end
        /// Each row's controls widened to fill it: equally while they fit so, else each by the same amount.
        case fill
    }

    init(widths: [Int], in area: PixelRect, rowHeight: Int, gap: Int, rowGap: Int, alignment: Alignment = .start) {
        var rows: [[Int]] = []
        var used = 0
        for (index, width) in widths.enumerated() {
            let width = min(width, area.width)
            if let last = rows.indices.last, used + gap + width <= area.width {
                rows[last].append(index)
                used += gap + width
            } else {
                rows.append([index])
                used = width
            }
        }
        var rects = Array(repeating: PixelRect(x: area.x, y: area.y, width: 0, height: rowHeight), count: widths.count)
        for (row, members) in rows.enumerated() {
            var sizes = members.map { min(widths[$0], area.width) }
            let free = area.width - sizes.reduce(0, +) - gap * (members.count - 1)
            if alignment == .fill {
                let equal = (area.width - gap * (members.count - 1)) / members.count
                sizes = sizes.allSatisfy { $0 <= equal } ? sizes.map { _ in equal } : sizes.map { $0 + free / members.count }
            }
            var x = alignment == .end ? area.x + free : area.x
            for (member, size) in zip(members, sizes) {
                rects[member] = PixelRect(x: x, y: area.y + row * (rowHeight + rowGap), width: size, height: rowHeight)
                x += size + gap
            }
        }
        self.rects = rects
        rowCount = max(1, rows.count)
        height = rowCount * rowHeight + (rowCount - 1) * rowGap
    }

    /// The width `widths` take in one row.
    static func oneRowWidth(_ widths: [Int], gap: Int) -> Int {
        widths.reduce(0, +) + gap * max(0, widths.count - 1)
    }
}
