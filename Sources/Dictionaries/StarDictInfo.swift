/// A StarDict `.ifo`: the first line names the format, then `key=value`
/// lines (bookname, wordcount, idxfilesize, synwordcount, idxoffsetbits,
/// sametypesequence, ...).
struct StarDictInfo: Equatable {
    var bookName: String
    var wordCount: Int
    var indexFileSize: Int
    var synonymCount: Int
    /// 32, or 64 for version 3.0.0 indexes that say so.
    var offsetBits: Int
    /// The types of every entry's fields when all entries share them (`m`, `tm`, `h`...), else nil.
    var sameTypeSequence: [UInt8]?
    /// A `lang` line some dictionaries add (`en`, `en-de`); nil without one.
    var language: String?

    static let magic = "StarDict's dict ifo file"

    static func parse(_ bytes: [UInt8], path: String) throws(DictionaryError) -> StarDictInfo {
        let text = String(decoding: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes, as: UTF8.self)
        let lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }).map { String($0) }
        guard lines.first?.trimmingWhitespace == magic else {
            throw DictionaryError(path: path, problem: "not a StarDict .ifo (its first line is not \"\(magic)\")")
        }
        var values: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let equals = line.firstIndex(of: "=") else { continue }
            values[line[..<equals].trimmingWhitespace] = line[line.index(after: equals)...].trimmingWhitespace
        }
        func number(_ key: String, required: Bool) throws(DictionaryError) -> Int {
            guard let value = values[key] else {
                if required { throw DictionaryError(path: path, problem: "no \(key)") }
                return 0
            }
            guard let number = Int(value), number >= 0 else { throw DictionaryError(path: path, problem: "\(key) is not a count: \(value)") }
            return number
        }
        let bits = try number("idxoffsetbits", required: false)
        guard bits == 0 || bits == 32 || bits == 64 else { throw DictionaryError(path: path, problem: "idxoffsetbits is \(bits), not 32 or 64") }
        let sequence = values["sametypesequence"].flatMap { $0.isEmpty ? nil : Array($0.utf8) }
        return StarDictInfo(bookName: values["bookname"] ?? "", wordCount: try number("wordcount", required: true),
                            indexFileSize: try number("idxfilesize", required: true), synonymCount: try number("synwordcount", required: false),
                            offsetBits: bits == 0 ? 32 : bits, sameTypeSequence: sequence, language: values["lang"])
    }
}
