/// The last paragraphs a typesetter laid out for pages. A page drawn again
/// (a redraw once the page count is final, every frame of a zoomed pan)
/// and the neighbour that shares its first paragraph reuse the work instead
/// of shaping and breaking the text again. Not thread-safe, like its
/// typesetter.
final class ParagraphLayoutCache {
    /// Enough for every paragraph of a tall page of one-line dialogue
    /// (40 lines at 1920x1080) and some of the next.
    static let capacity = 64
    /// Characters held at most (two dense pages at 1920x1080, about 4,500
    /// characters each), so a typesetter's cache stays a few hundred
    /// kilobytes.
    static let characterBudget = 10_000

    /// A paragraph's window, and the floated pictures beside it.
    struct Key: Hashable {
        var paragraph: Int
        var window: Int
        var wrap: LineWrap? = nil
    }

    private var entries: [Key: (layout: ParagraphLayout, lastUse: Int)] = [:]
    private var characters = 0
    private var clock = 0
    private(set) var hits = 0

    func layout(_ index: Key, orMake make: (Key) -> ParagraphLayout) -> ParagraphLayout {
        clock += 1
        if let entry = entries[index] {
            hits += 1
            entries[index] = (entry.layout, clock)
            return entry.layout
        }
        let layout = make(index)
        let size = layout.shaped.scalars.count
        guard size <= Self.characterBudget else { return layout }
        while !entries.isEmpty, entries.count >= Self.capacity || characters + size > Self.characterBudget,
              let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            characters -= oldest.value.layout.shaped.scalars.count
            entries[oldest.key] = nil
        }
        entries[index] = (layout, clock)
        characters += size
        return layout
    }
}
