/// `--display auto|drm|fbdev|headless` (`kms` is another name for `drm`).
public enum DisplayRequest: String, Equatable, Sendable, CaseIterable {
    case auto, kms, fbdev, headless

    /// A `--display` value; nil for one that names no display.
    public init?(parsing name: String) {
        switch name.lowercased() {
        case "drm", "kms": self = .kms
        default: self.init(rawValue: name.lowercased())
        }
    }

    public static let choices = "auto, drm, fbdev or headless"
}

/// What `--display` resolves to, and for headless why KMS and fbdev were not used.
public enum DisplayDecision: Equatable, Sendable {
    case kms(path: String)
    case fbdev(path: String)
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
    /// Decides from probe results. `auto` takes the first usable card, else
    /// the framebuffer when it is usable, and otherwise falls back to
    /// headless, saying why; `kms` and `fbdev` insist and throw the reason;
    /// `headless` never touches a device.
    public static func decide(_ request: DisplayRequest, probes: [CardProbe], framebuffer: CardProbe? = nil,
                              directory: String = "/dev/dri") throws(DisplayError) -> DisplayDecision {
        switch request {
        case .headless:
            return .headless(reason: "--display headless")
        case .fbdev:
            guard let framebuffer else { throw .noFramebuffer(path: "/dev/fb0") }
            if let problem = framebuffer.problem { throw problem }
            return .fbdev(path: framebuffer.path)
        case .kms, .auto:
            if let usable = probes.first(where: { $0.problem == nil }) { return .kms(path: usable.path) }
            let reason = probes.first?.problem ?? .noDevice(directory: directory)
            if request == .kms { throw reason }
            guard let framebuffer else { return .headless(reason: "KMS not used: \(reason)") }
            guard let problem = framebuffer.problem else { return .fbdev(path: framebuffer.path) }
            return .headless(reason: "KMS not used: \(reason); fbdev not used: \(problem)")
        }
    }

    /// Probes a framebuffer device: it opens and its layout can be drawn.
    public static func probeFramebuffer(path: String) -> CardProbe {
        do throws(DisplayError) {
            // Nothing was drawn, so restoring only unmaps and closes.
            try FramebufferDisplay(path: path).restore()
            return CardProbe(path: path)
        } catch {
            return CardProbe(path: path, problem: error)
        }
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
