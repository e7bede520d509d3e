import LinuxSystem

/// Reads the properties udev stored for a device (`/run/udev/data/cMAJOR:MINOR`,
/// lines `E:KEY=VALUE`), for LIBINPUT_CALIBRATION_MATRIX.
public struct UdevProperties: Equatable, Sendable {
    public var values: [String: String]

    public init(values: [String: String]) {
        self.values = values
    }

    /// Parses the text of a udev database file; other line kinds are skipped.
    public init(databaseText text: String) {
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("E:") {
            let entry = line.dropFirst(2)
            guard let equals = entry.firstIndex(of: "=") else { continue }
            values[String(entry[..<equals])] = String(entry[entry.index(after: equals)...])
        }
        self.values = values
    }

    /// The properties of character device major:minor, or nil when udev recorded none.
    public static func load(major: UInt32, minor: UInt32, databaseDirectory: String = "/run/udev/data") -> UdevProperties? {
        guard let bytes = try? FileDescriptor.readFile("\(databaseDirectory)/c\(major):\(minor)") else { return nil }
        return UdevProperties(databaseText: String(decoding: bytes, as: UTF8.self))
    }

    public var calibrationMatrix: CalibrationMatrix? {
        values["LIBINPUT_CALIBRATION_MATRIX"].flatMap { CalibrationMatrix(parsing: $0) }
    }
}
