import FoundationEssentials
import Glibc
import LinuxSystem

/// A problem in the kiosk's settings, naming the file and line
/// (`path:line: KEY: what`), or the file alone when it cannot be read.
public struct KioskConfigurationError: Error, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }

    /// A setting's problem: `place` is `path:line`.
    init(at place: String, key: String, _ what: String) {
        description = "\(place): \(key): \(what)"
    }
}

/// One `KEY=value` line as written, the key in its canonical spelling.
public struct KioskSetting: Equatable, Sendable {
    public var key: String
    public var value: String
    /// `path:line`.
    public var place: String
}

/// The kiosk's settings as a fleet's tools leave them: the main file, then
/// the drop-ins `FILE.d/*.conf` beside it in lexical (byte) order, a key
/// set later winning over the same key set earlier, as systemd reads its
/// own drop-ins; a list key (`CATALOG`) adds each line to those before it
/// instead, an empty value clearing them. A drop-in folder that does not exist holds none.
public struct KioskSettingsFiles: Sendable {
    public let mainPath: String

    public init(mainPath: String) { self.mainPath = mainPath }

    public var dropInFolder: String { mainPath + ".d" }

    /// Everything the files say, merged, with every problem found (not
    /// only the first): each unreadable file, bad line, unknown key and
    /// bad value, in file and line order.
    public struct Reading: Sendable {
        public var configuration = KioskConfiguration()
        /// The settings in the order their keys first appear, each with the
        /// value that won; a list key's lines each, in order (after an empty value, only those after it).
        public var merged: [KioskSetting] = []
        public var problems: [KioskConfigurationError] = []
        /// The files read, in order.
        public var files: [String] = []
    }

    /// The drop-ins' paths, sorted; nothing when the folder does not exist.
    public func dropIns() throws(KioskConfigurationError) -> [String] {
        let names: [String]
        do throws(SystemError) {
            names = try FileSystem.directoryEntries(dropInFolder)
        } catch {
            if error.errno == ENOENT { return [] }
            throw KioskConfigurationError("\(dropInFolder): cannot list the drop-in folder (\(error))")
        }
        // Sorted by bytes, as systemd and run-parts do, so 10-a.conf comes before 9-b.conf.
        return names.filter { $0.hasSuffix(".conf") && !$0.hasPrefix(".") }
            .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            .map { dropInFolder + "/" + $0 }
    }

    /// Reads the main file and the drop-ins; problems are collected, not thrown.
    public func read() -> Reading {
        var reading = Reading()
        var paths = [mainPath]
        do throws(KioskConfigurationError) { paths += try dropIns() } catch { reading.problems.append(error) }
        for path in paths {
            reading.files.append(path)
            do throws(KioskConfigurationError) {
                let text = try Self.text(ofFile: path)
                reading.add(KioskConfiguration.settings(in: text, source: path))
            } catch {
                reading.problems.append(error)
            }
        }
        return reading
    }

    /// The merged settings; the first problem, when there is one, thrown.
    public func load() throws(KioskConfigurationError) -> KioskConfiguration {
        let reading = read()
        if let problem = reading.problems.first { throw problem }
        return reading.configuration
    }

    static func text(ofFile path: String) throws(KioskConfigurationError) -> String {
        let bytes: [UInt8]
        do throws(SystemError) {
            bytes = try FileDescriptor.readFile(path)
        } catch {
            if let kind = error.notRegularKind { throw KioskConfigurationError("\(path): not a regular file (\(kind))") }
            throw KioskConfigurationError("\(path): cannot be read (missing, or not readable by the service)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw KioskConfigurationError("\(path): not UTF-8 text")
        }
        return text
    }
}

extension KioskSettingsFiles.Reading {
    /// Applies one file's lines in order after those read before.
    mutating func add(_ lines: [Result<KioskSetting, KioskConfigurationError>]) {
        for line in lines {
            do throws(KioskConfigurationError) {
                let setting = try line.get()
                try configuration.set(setting.key, to: setting.value, at: setting.place)
                merge(setting)
            } catch {
                problems.append(error)
            }
        }
    }

    private mutating func merge(_ setting: KioskSetting) {
        if KioskConfiguration.listKeys.contains(setting.key) {
            if setting.value.isEmpty {
                merged.removeAll { $0.key == setting.key }
            } else {
                merged.append(setting)
            }
        } else if let index = merged.firstIndex(where: { $0.key == setting.key }) {
            merged[index] = setting
        } else {
            merged.append(setting)
        }
    }
}
