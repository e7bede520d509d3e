import FoundationEssentials
import LinuxSystem

/// The touchscreen's calibration made by `ebook-fb calibrate`, kept for
/// the device in the state folder (`calibration.json`, written atomically
/// like positions): libinput's six numbers a, b, c, d, e, f, and how far
/// the worst tap landed from its cross through them.
public struct TouchCalibration: Codable, Equatable, Sendable {
    public static let currentVersion = 1
    public var version = Self.currentVersion
    public var matrix: [Double]
    public var errorPixels: Double
    /// The screen it was made on, WIDTHxHEIGHT.
    public var screen: String

    public init(matrix: [Double], errorPixels: Double, screen: String) {
        self.matrix = matrix
        self.errorPixels = errorPixels
        self.screen = screen
    }

    /// Six finite numbers, of this version.
    public var isUsable: Bool {
        version == Self.currentVersion && matrix.count == 6 && matrix.allSatisfy(\.isFinite)
    }
}

/// A calibration file that is there but cannot be used.
public struct TouchCalibrationError: Error, CustomStringConvertible {
    public let description: String
}

extension StateStore {
    public var calibrationPath: String { directory + "/calibration.json" }

    /// The saved calibration; nil when none was made. Throws when the file is there but unusable.
    public func loadTouchCalibration() throws(TouchCalibrationError) -> TouchCalibration? {
        guard (try? FileSystem.status(calibrationPath)) != nil else { return nil }
        guard let bytes = try? FileDescriptor.readFile(calibrationPath),
              let calibration = try? JSONDecoder().decode(TouchCalibration.self, from: Data(bytes)),
              calibration.isUsable else {
            throw TouchCalibrationError(description: "\(calibrationPath): not a calibration this reader made; "
                                        + "ignored (run ebook-fb calibrate again)")
        }
        return calibration
    }

    public func saveTouchCalibration(_ calibration: TouchCalibration) throws {
        try write(calibration, to: calibrationPath)
    }
}
