extension StringProtocol {
    /// The text without the spaces and tabs around it, as configuration
    /// files and dictionary headers are read.
    public var trimmingSpacesAndTabs: String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(self[first...last])
    }
}
