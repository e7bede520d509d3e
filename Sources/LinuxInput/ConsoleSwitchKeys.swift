/// Ctrl+Alt+F1...F12 on an evdev keyboard: the console switch the kernel
/// would make itself, had the reader not muted the console's keyboard and
/// grabbed the device. Follows which Ctrl and Alt keys are held.
public struct ConsoleSwitchKeys: Sendable {
    private var controlsHeld: Set<UInt16> = []
    private var altsHeld: Set<UInt16> = []

    public init() {}

    /// The console to switch to when `event` completes Ctrl+Alt+Fn, else nil.
    /// Only a press switches; a held key's repeats do not.
    public mutating func consoleNumber(for event: InputEvent) -> Int? {
        guard event.type == EventType.key else { return nil }
        let code = event.code
        if KeyCode.controls.contains(code) {
            if event.value == 0 { controlsHeld.remove(code) } else { controlsHeld.insert(code) }
            return nil
        }
        if KeyCode.alts.contains(code) {
            if event.value == 0 { altsHeld.remove(code) } else { altsHeld.insert(code) }
            return nil
        }
        guard event.value == 1, !controlsHeld.isEmpty, !altsHeld.isEmpty,
              let index = KeyCode.functionKeys.firstIndex(of: code) else { return nil }
        return index + 1
    }

    /// A key with Ctrl and Alt held reaches no reader command.
    public var isChording: Bool { !controlsHeld.isEmpty && !altsHeld.isEmpty }
}
