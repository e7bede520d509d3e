import Devices
import Geometry
import Gestures
import Raster

/// A control's identity inside its screen. Screens match touches and keys
/// on these values; `id` is the string `--describe` prints for it.
public protocol ScreenControlID: Hashable, Sendable {
    var id: String { get }
}

/// A control of a screen with its typed identity: what it says and where a touch must land.
public struct PlacedControl<Control: ScreenControlID>: Equatable, Sendable {
    public var control: Control
    public var label: String
    public var rect: PixelRect

    public init(_ control: Control, label: String, rect: PixelRect) {
        self.control = control
        self.label = label
        self.rect = rect
    }

    /// The control as `--describe` and the checks see it.
    public var described: ScreenControl { ScreenControl(id: control.id, label: label, rect: rect) }

    public func contains(x: Double, y: Double) -> Bool { described.contains(x: x, y: y) }
}

extension Array {
    /// The control under a point; the last drawn wins where two overlap.
    func hit<Control>(x: Double, y: Double) -> Control? where Element == PlacedControl<Control> {
        last { $0.contains(x: x, y: y) }?.control
    }
}

/// What a key did on a screen.
enum KeyHandling {
    /// The screen took the key.
    case taken
    /// The key goes on as on the bare page (turning it, opening another screen).
    case toPage
}

/// A screen over the page (the menu, a list, the text panel, a note): it
/// owns its state, draws itself over the composed page, takes the input
/// while it is open and says what it shows for `--describe`. It talks
/// back to the reader only through its `ScreenHost`.
protocol ReaderScreen: AnyObject {
    associatedtype Control: ScreenControlID

    /// The screen's name in the loop's announcements and `--describe`.
    var name: String { get }
    /// The screen hides the whole page: the page is not composed under it.
    var coversPage: Bool { get }
    /// The bookmark's folded corner stays visible beside the screen.
    var leavesDogEar: Bool { get }
    /// Side taps turn pages without waiting for a double tap while the screen is open.
    var allowsTapZones: Bool { get }
    /// The screen moves by itself at `time` (a slide, a list's momentum).
    func isAnimating(at time: Double) -> Bool
    /// The controls on screen in reading order.
    func controls(in host: ScreenHost) -> [PlacedControl<Control>]
    /// Draws the screen over the composed page; returns the rows it changed.
    func draw(into frame: inout PixelBuffer, host: ScreenHost) -> [Range<Int>]
    func tap(at point: Point, time: Double, host: ScreenHost)
    /// A finger or a drag (pan) event; false when the page beneath takes it.
    func drag(_ event: GestureEvent, host: ScreenHost) -> Bool
    func longPress(at point: Point, time: Double, host: ScreenHost)
    func key(_ command: ReaderCommand, host: ScreenHost) -> KeyHandling
    /// The screen is closed at `time`; true when it goes on drawing while it leaves (a slide).
    func close(at time: Double) -> Bool
    /// What a control is set to, if it holds a state (`ScreenControl.value`).
    func value(of control: Control, host: ScreenHost) -> String?
}

extension ReaderScreen {
    var coversPage: Bool { false }
    var leavesDogEar: Bool { true }
    var allowsTapZones: Bool { true }
    func isAnimating(at time: Double) -> Bool { false }
    func drag(_ event: GestureEvent, host: ScreenHost) -> Bool { true }
    func longPress(at point: Point, time: Double, host: ScreenHost) {}
    func close(at time: Double) -> Bool { false }
    func value(of control: Control, host: ScreenHost) -> String? { nil }

    /// The controls as `--describe` prints them, with their states.
    func describedControls(in host: ScreenHost) -> [ScreenControl] {
        controls(in: host).map { placed in
            var described = placed.described
            described.value = value(of: placed.control, host: host)
            return described
        }
    }
}

/// A screen with a text field: keys that type (a hardware keyboard's)
/// go into it rather than giving their commands.
protocol TextFieldScreen: ReaderScreen {
    func type(_ key: TypedKey, host: ScreenHost)
}
