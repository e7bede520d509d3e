/// `--display auto|kms|headless`.
public enum DisplayRequest: String, Equatable, Sendable, CaseIterable {
    case auto, kms, headless
}

/// What `--display` resolves to, and for headless why KMS was not used.
public enum DisplayDecision: Equatable, Sendable {
    case kms(path: String)
    case headless(reason: String)
}

/// How one card fared when probed: usable, or the error that rules it out.
public struct CardProbe: Equatable, Sendable {
    public var path: String
    public var problem: DisplayError?

    public init(path: String, problem: DisplayError? = nil) {
        self.path = path
        self.problem = problem
    }
}

public enum DisplayChoice {
    /// Decides from probe results. `auto` takes the first usable card and
    /// otherwise falls back to headless, saying why; `kms` insists and
    /// throws the reason; `headless` never touches a card.
    public static func decide(_ request: DisplayRequest, probes: [CardProbe], directory: String = "/dev/dri") throws(DisplayError) -> DisplayDecision {
        if request == .headless { return .headless(reason: "--display headless") }
        if let usable = probes.first(where: { $0.problem == nil }) { return .kms(path: usable.path) }
        let reason = probes.first?.problem ?? .noDevice(directory: directory)
        if request == .kms { throw reason }
        return .headless(reason: "KMS not used: \(reason)")
    }

    /// Probes every card: it opens, offers dumb buffers and has a connected
    /// screen. (Taking master is left to the real open.)
    public static func probeCards(directory: String = "/dev/dri", options: KMSOptions = KMSOptions()) -> [CardProbe] {
        CardDiscovery.cardPaths(in: directory).map { path in
            probe(path: path, options: options)
        }
    }

    static func probe(path: String, options: KMSOptions) -> CardProbe {
        do throws(DisplayError) {
            let device = try DRMDevice(path: path)
            defer { device.close() }
            guard try device.capability(1, "DRM_CAP_DUMB_BUFFER") != 0 else {
                return CardProbe(path: path, problem: .noDumbBuffers(path: path))
            }
            let snapshot = try CardSnapshot(device: device)
            _ = try OutputSelection.choose(on: snapshot.description, connector: options.connector, mode: options.mode)
            return CardProbe(path: path)
        } catch {
            return CardProbe(path: path, problem: error)
        }
    }
}
