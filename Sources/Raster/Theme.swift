/// The colours a page is painted with, as XRGB8888 values (`0x00RRGGBB`).
public struct Theme: Equatable, Hashable, Sendable {
    public let name: String
    public let background: UInt32
    public let ink: UInt32
    /// Quieter text such as the footer's page number.
    public let secondary: UInt32

    /// The background of the bars and panels laid over the page (the menu,
    /// the lists' headers, the text panel, the library's header). Unless
    /// given, the paper with nearly half the secondary colour mixed in, so
    /// they stand apart from the page while ink stays readable on them.
    public let chrome: UInt32

    public init(name: String, background: UInt32, ink: UInt32, secondary: UInt32, chrome: UInt32? = nil) {
        self.name = name
        self.background = background
        self.ink = ink
        self.secondary = secondary
        self.chrome = chrome ?? [16, 8, 0].reduce(UInt32(0)) { mixed, shift in
            let paper = Double(background >> shift & 0xFF), quiet = Double(secondary >> shift & 0xFF)
            return mixed | UInt32((paper * 0.55 + quiet * 0.45).rounded()) << shift
        }
    }

    /// Warm paper with near-black ink.
    public static let light = Theme(
        name: "light", background: 0xF6_F0_E2, ink: 0x1E_1B_18, secondary: 0x7A_72_66)

    /// Near-black page with light grey ink, dim enough for a dark room.
    public static let dark = Theme(
        name: "dark", background: 0x14_14_14, ink: 0xC8_C8_C8, secondary: 0x7C_7C_7C)

    /// Warmer, darker paper with brown-black ink, easier in dim light.
    public static let sepia = Theme(
        name: "sepia", background: 0xEB_DD_C0, ink: 0x3B_2A_1A, secondary: 0x80_6A_50)

    /// Pure black on pure white, for low vision (21:1): the quieter text,
    /// the rules and the outlines black too, the bars as white as the page
    /// and set apart by their black rules. Black on white rather than the
    /// reverse: it is what print and most people with low vision read, and
    /// white text on black blurs (halates) for many with astigmatism.
    public static let highContrast = Theme(
        name: "high-contrast", background: 0xFF_FF_FF, ink: 0x00_00_00, secondary: 0x00_00_00, chrome: 0xFF_FF_FF)

    public static let all: [Theme] = [.light, .sepia, .dark, .highContrast]

    /// The themes' names as a message lists them: "light, sepia, dark or high-contrast".
    public static var namesListed: String {
        all.dropLast().map(\.name).joined(separator: ", ") + " or " + (all.last?.name ?? "")
    }

    /// The built-in theme called `name` ("light", "sepia", "dark" or "high-contrast"), or nil.
    public init?(named name: String) {
        guard let theme = Self.all.first(where: { $0.name == name }) else { return nil }
        self = theme
    }
}
