/// UAX #9 rule L2: the visual order of items (characters, or runs of
/// equal level) from their resolved levels.
package enum BidiReordering {
    /// Logical indices in visual order, left to right. From the highest
    /// level down to the lowest odd one, every maximal sequence at that
    /// level or above is reversed.
    package static func visualOrder(levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), highest > 0 else { return order }
        let lowestOdd = levels.filter { $0 & 1 == 1 }.min() ?? highest + 1
        guard lowestOdd <= highest else { return order }
        var level = highest
        while level >= lowestOdd {
            var index = 0
            while index < order.count {
                guard levels[order[index]] >= level else { index += 1; continue }
                var end = index
                while end < order.count, levels[order[end]] >= level { end += 1 }
                order[index..<end].reverse()
                index = end
            }
            level -= 1
        }
        return order
    }
}
