import Devices

/// The loop's input side: touch frames through the gesture router, key
/// commands and console switches, each to the scene.
extension ReaderLoop {
    /// A key's command for the scene; false when it quits the loop.
    func handle(_ command: ReaderCommand, at time: Double) -> Bool {
        // Escape quits only from the page itself; over it, it closes what is open.
        guard command != .quit, command != .closeScreenOrQuit || !scene.escapeQuits else {
            stopReason = "quit key"
            return false
        }
        do {
            try scene.handle(command, at: time)
            isDirty = true
        } catch {
            onWarning?("\(command): \(error)")
        }
        return true
    }

    func readInput(upTo time: Double) {
        for item in input.read(upTo: time) {
            switch item {
            case let .touches(frame):
                onTouchFrame?(frame)
                activity.touched(fingers: frame.touches.count)
                lastInputTime = max(lastInputTime, frame.time)
                switch idle.touch(fingers: frame.touches.count, at: frame.time) {
                case .deliver: if router.route(frame, to: scene) { isDirty = true }
                case .wake: powerOn()
                case .drop: break
                }
            case let .command(command, at):
                lastInputTime = max(lastInputTime, at)
                guard idle.key(at: at) == .deliver else {
                    powerOn()
                    continue
                }
                guard handle(command, at: at) else { return }
            case let .typed(typed, command, at):
                lastInputTime = max(lastInputTime, at)
                guard idle.key(at: at) == .deliver else {
                    powerOn()
                    continue
                }
                if scene.takesTyping {
                    scene.type(typed, at: at)
                    isDirty = true
                } else if let command {
                    guard handle(command, at: at) else { return }
                }
            case let .deviceChanged(description):
                onNotice?(description)
            case let .switchConsole(number, _):
                switchConsole(to: number)
            }
        }
    }

    /// Ctrl+Alt+Fn: the display switches, or says no (a locked console).
    func switchConsole(to number: Int) {
        do {
            if try !display.switchConsole(to: number) {
                onNotice?("console \(number): switching refused (the console is locked or there is none)")
            }
        } catch {
            onWarning?("console \(number): \(error)")
        }
    }
}
