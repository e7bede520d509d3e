/// Where the chapters beyond the one on screen are paginated.
public enum PaginationMode: String, Sendable, CaseIterable {
    /// On a thread of their own, as soon as the book opens (the default):
    /// page numbers become exact and the whole book is reachable at once.
    case background
    /// Only as the reader reaches them, on the reader's own thread: a board
    /// with one slow core keeps it for the page on screen. Footers keep
    /// estimated numbers for the pages before until the background is
    /// resumed (`pagination.resume()`).
    case onDemand = "on-demand"
}
