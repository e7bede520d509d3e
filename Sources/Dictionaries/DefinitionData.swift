import LinuxSystem

/// The definitions' file of a dictionary (`.dict` or `.dict.dz`), read a
/// slice at a time: an index gives each entry's offset and length in the
/// uncompressed text.
protocol DefinitionData: AnyObject {
    /// The uncompressed text's length in bytes.
    var size: Int { get }
    /// `count` bytes of the text from `offset`; throws when they are not
    /// all there or cannot be read.
    func bytes(at offset: Int, count: Int) throws(DictionaryError) -> [UInt8]
}

enum DefinitionFile {
    /// Larger gzip files without dictzip's chunk table are refused rather
    /// than inflated whole into memory.
    static let wholeGzipLimit = 64 << 20

    /// `path` opened by what it holds: dictzip or gzip by their magic number, else plain text.
    static func open(_ path: String) throws(DictionaryError) -> any DefinitionData {
        let file = try openFile(path)
        let head: [UInt8]
        do throws(SystemError) {
            head = try file.descriptor.readBytes(count: 2)
        } catch {
            file.descriptor.close()
            throw DictionaryError(path: path, problem: "cannot be read (\(error))")
        }
        guard head == [0x1F, 0x8B] else { return PlainDefinitionData(file: file.descriptor, size: file.size) }
        let header: DictzipHeader?
        do throws(DictionaryError) {
            header = try DictzipHeader.read(file.descriptor, size: file.size)
        } catch {
            file.descriptor.close()
            throw error
        }
        if let header { return DictzipData(file: file.descriptor, header: header) }
        defer { file.descriptor.close() }
        guard file.size <= wholeGzipLimit else {
            throw DictionaryError(path: path, problem: "gzip without dictzip's chunk table, too large to inflate whole")
        }
        let compressed: [UInt8]
        do throws(SystemError) {
            compressed = try file.descriptor.readBytes(count: file.size)
        } catch {
            throw DictionaryError(path: path, problem: "cannot be read (\(error))")
        }
        guard let text = Inflation.gunzip(compressed, limit: wholeGzipLimit * 4) else {
            throw DictionaryError(path: path, problem: "damaged gzip data")
        }
        return WholeDefinitionData(path: path, text: text)
    }

    /// Throws unless `count` bytes from `offset` lie within a text of `size` bytes.
    static func checkEntry(at offset: Int, count: Int, size: Int, path: String) throws(DictionaryError) {
        guard offset >= 0, count >= 0, offset <= size - count else {
            throw DictionaryError(path: path, problem: "an entry at \(offset) (\(count) bytes) lies past its end (\(size) bytes)")
        }
    }

    /// A regular file open for reading, and its size.
    static func openFile(_ path: String) throws(DictionaryError) -> (descriptor: FileDescriptor, size: Int) {
        do throws(SystemError) {
            let descriptor = try RegularFile.open(path)
            do throws(SystemError) {
                return (descriptor, Int(try descriptor.status().st_size))
            } catch {
                descriptor.close()
                throw error
            }
        } catch {
            throw DictionaryError(path: path, problem: error.isNotFound ? "not found" : "cannot be opened (\(error))")
        }
    }
}

/// An uncompressed `.dict`, read with pread as entries are asked for.
final class PlainDefinitionData: DefinitionData {
    private let file: FileDescriptor
    let size: Int

    init(file: FileDescriptor, size: Int) {
        self.file = file
        self.size = size
    }

    deinit { file.close() }

    func bytes(at offset: Int, count: Int) throws(DictionaryError) -> [UInt8] {
        try DefinitionFile.checkEntry(at: offset, count: count, size: size, path: file.path)
        let bytes: [UInt8]
        do throws(SystemError) {
            bytes = try file.readBytes(count: count, fromOffset: offset)
        } catch {
            throw DictionaryError(path: file.path, problem: "cannot be read (\(error))")
        }
        guard bytes.count == count else { throw DictionaryError(path: file.path, problem: "shorter than when it was opened") }
        return bytes
    }
}

/// A small gzip file without a chunk table, inflated once when opened.
final class WholeDefinitionData: DefinitionData {
    private let path: String
    private let text: [UInt8]
    var size: Int { text.count }

    init(path: String, text: [UInt8]) {
        self.path = path
        self.text = text
    }

    func bytes(at offset: Int, count: Int) throws(DictionaryError) -> [UInt8] {
        try DefinitionFile.checkEntry(at: offset, count: count, size: size, path: path)
        return Array(text[offset..<offset + count])
    }
}
