import Glibc

/// Finds the DRM cards: /dev/dri/card0, card1, ... in numeric order.
public enum CardDiscovery {
    public static func cardPaths(in directory: String = "/dev/dri") -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if isCardName(name) { names.append(name) }
        }
        return sortedCards(names).map { "\(directory)/\($0)" }
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
