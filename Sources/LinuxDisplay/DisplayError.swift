import LinuxSystem

/// Why the screen cannot be driven, worded so a person at the kiosk knows what to do.
public enum DisplayError: Error, Equatable, CustomStringConvertible, Sendable {
    /// No /dev/dri/card* at all: no DRM driver is loaded.
    case noDevice(directory: String)
    /// open() was refused; `group` owns the device node (usually `video`).
    case permissionDenied(path: String, group: String?)
    /// Another process (a display server, another reader) is DRM master;
    /// `freeTerminal` is a free virtual terminal to switch to, when known.
    case masterHeld(path: String, freeTerminal: Int?)
    /// The driver cannot allocate dumb buffers (DRM_CAP_DUMB_BUFFER is 0).
    case noDumbBuffers(path: String)
    /// No connector has a screen attached; `connectors` names them all.
    case noConnectedConnector(path: String, connectors: [String])
    /// `--connector NAME` names no connector of the card.
    case connectorNotFound(path: String, name: String, available: [String])
    /// `--mode WxH` is not offered by the connector.
    case modeNotFound(path: String, connector: String, mode: String, available: [String])
    /// No CRTC can drive the connector.
    case noCRTC(path: String, connector: String)
    /// A page flip was asked for while the previous one is still pending.
    case flipPending(path: String)
    /// The connector has no DPMS property: the panel cannot be turned off.
    case noDPMS(path: String, connector: String)
    /// Any other failed system call.
    case system(SystemError)
    /// A bad command-line value.
    case invalidOption(String)

    // fbdev
    /// The framebuffer device does not exist (no fbdev driver, or not /dev/fbN).
    case noFramebuffer(path: String)
    /// The framebuffer's layout cannot be drawn to (`reason` says how).
    case unsupportedFramebuffer(path: String, reason: String)

    public var description: String {
        switch self {
        case .noDevice(let directory):
            return "no \(directory)/card* (no DRM driver is loaded for the graphics hardware)"
        case .permissionDenied(let path, let group):
            guard let group else {
                return "open \(path): permission denied; run as a user that may open the device"
            }
            return "open \(path): permission denied; the device belongs to group '\(group)': "
                + "add the user to it (usermod -aG \(group) USER) and log in again"
        case .masterHeld(let path, let terminal):
            let hint = terminal.map { "switch to a free console (Ctrl+Alt+F\($0), or chvt \($0)) and start it there" }
                ?? "switch to a free text console (Ctrl+Alt+F2...) and start it there"
            return "\(path): another process (a display server or another reader) controls the screen (DRM master); \(hint)"
        case .noDumbBuffers(let path):
            return "\(path): the driver offers no dumb buffers (DRM_CAP_DUMB_BUFFER), so it cannot be drawn to directly"
        case .noConnectedConnector(let path, let connectors):
            return "\(path): no screen is connected (connectors: \(Self.list(connectors)))"
        case .connectorNotFound(let path, let name, let available):
            return "\(path): no connector named \(name); connected: \(Self.list(available))"
        case .modeNotFound(let path, let connector, let mode, let available):
            return "\(path): \(connector) has no mode \(mode); it offers \(Self.list(available))"
        case .noCRTC(let path, let connector):
            return "\(path): no display controller (CRTC) is free to drive \(connector)"
        case .flipPending(let path):
            return "\(path): a frame was presented while the previous page flip is still pending"
        case .noDPMS(let path, let connector):
            return "\(path): \(connector) has no DPMS property, so the screen cannot be turned off"
        case .system(let error):
            return error.description
        case .invalidOption(let message):
            return message
        case .noFramebuffer(let path):
            return "no \(path) (no framebuffer driver is loaded, or the board names it otherwise: --framebuffer /dev/fbN)"
        case .unsupportedFramebuffer(let path, let reason):
            return "\(path): \(reason)"
        }
    }

    /// The errno of a failed system call, when that is what this is.
    public var errno: Int32? {
        if case .system(let error) = self { return error.errno }
        return nil
    }

    /// Runs `body`, its failed system call a display error.
    static func wrapping<Result>(_ body: () throws(SystemError) -> Result) throws(DisplayError) -> Result {
        do throws(SystemError) {
            return try body()
        } catch {
            throw .system(error)
        }
    }

    private static func list(_ names: [String]) -> String {
        names.isEmpty ? "none" : names.joined(separator: ", ")
    }
}
