import Devices
import LinuxDisplay

/// A screen taken over for the live reader, KMS or fbdev, with what the
/// reader's log line says about it and how to give it back.
struct LiveScreen {
    let display: Display
    /// Where the picture goes: "/dev/dri/card0 Virtual-1 1024x768@60" or
    /// "/dev/fb0 (fbdev "VESA VGA", 24 bpp (...), damaged rows copied)".
    let summary: String
    let restore: () -> Void

    static func kms(options: KMSOptions, terminalPath: String?, muteKeyboard: Bool, lockVT: Bool) throws -> LiveScreen {
        let console: ConsoleSession
        do {
            console = try ConsoleSession(options: options, terminalPath: terminalPath, muteKeyboard: muteKeyboard)
        } catch {
            throw CommandError("\(error)")
        }
        console.refusesSwitching = lockVT
        let display = console.display
        return LiveScreen(display: console, summary: "\(display.devicePath) \(display.connectorName) \(display.mode)",
                          restore: console.restore)
    }

    static func fbdev(path: String, terminalPath: String?, muteKeyboard: Bool, lockVT: Bool) throws -> LiveScreen {
        let session: FramebufferSession
        do {
            session = try FramebufferSession(path: path, terminalPath: terminalPath, muteKeyboard: muteKeyboard)
        } catch {
            throw CommandError("\(error)")
        }
        session.refusesSwitching = lockVT
        let display = session.display
        let flips = display.pans ? "two pages panned" : "damaged rows copied"
        return LiveScreen(display: session,
                          summary: "\(display.devicePath) (fbdev \"\(display.driverName)\", \(display.layout.format), \(flips))",
                          restore: session.restore)
    }
}
