import LinuxSystem

/// Finds the DRM cards: /dev/dri/card0, card1, ... in numeric order.
public enum CardDiscovery {
    public static func cardPaths(in directory: String = "/dev/dri") -> [String] {
        let names = (try? FileSystem.directoryEntries(directory)) ?? []
        return sortedCards(names.filter(isCardName)).map { "\(directory)/\($0)" }
    }

    /// "card" followed by digits (not the render nodes or by-path links).
    public static func isCardName(_ name: String) -> Bool {
        name.hasPrefix("card") && name.count > 4 && name.dropFirst(4).allSatisfy(\.isASCII) && Int(name.dropFirst(4)) != nil
    }

    /// card2 before card10.
    public static func sortedCards(_ names: [String]) -> [String] {
        names.sorted { (Int($0.dropFirst(4)) ?? 0) < (Int($1.dropFirst(4)) ?? 0) }
    }
}
