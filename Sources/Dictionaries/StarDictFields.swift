/// The fields of a StarDict entry as text. Each field has a type: lower
/// case ones are text ending in a NUL, upper case ones binary data after a
/// big-endian 32-bit size; with `sametypesequence` the types are not
/// written and the last field runs to the entry's end without NUL or size.
enum StarDictFields {
    /// Plain text: meaning, locale text, phonetics, YinBiao, MediaWiki source.
    private static let plainTypes: Set<UInt8> = Set("mltyw".utf8)
    /// Markup reduced to text: HTML, Pango, XDXF, KingSoft.
    private static let markupTypes: Set<UInt8> = Set("hgxk".utf8)

    struct FieldError: Error {
        var reason: String
    }

    /// The entry's text fields, one after another on lines of their own;
    /// binary fields (sound, pictures) and resource lists are left out.
    static func text(of entry: [UInt8], sameTypeSequence: [UInt8]?) throws(FieldError) -> String {
        var texts: [String] = []
        var position = 0
        var fieldNumber = 0
        while position < entry.count || (sameTypeSequence.map { fieldNumber < $0.count } ?? false) {
            let type: UInt8
            if let sequence = sameTypeSequence {
                guard fieldNumber < sequence.count else { break }
                type = sequence[fieldNumber]
            } else {
                type = entry[position]
                position += 1
            }
            let isLast = sameTypeSequence.map { fieldNumber == $0.count - 1 } ?? false
            fieldNumber += 1
            let data: ArraySlice<UInt8>
            if isLast {
                data = entry[min(position, entry.count)...]
                position = entry.count
            } else if type >= UInt8(ascii: "a") && type <= UInt8(ascii: "z") {
                let end = entry[min(position, entry.count)...].firstIndex(of: 0) ?? entry.count
                data = entry[min(position, entry.count)..<end]
                position = end + 1
            } else {
                guard position + 4 <= entry.count else { throw FieldError(reason: "a field's size is cut short") }
                let size = StarDictWordList.bigEndian(entry[position..<position + 4], from: 0, count: 4)
                guard position + 4 + size <= entry.count else { throw FieldError(reason: "a field runs past its entry") }
                data = entry[(position + 4)..<(position + 4 + size)]
                position += 4 + size
            }
            if plainTypes.contains(type) {
                texts.append(String(decoding: data, as: UTF8.self))
            } else if markupTypes.contains(type) {
                guard let text = MarkupText.text(ofMarkup: Array(data)) else {
                    throw FieldError(reason: "its markup cannot be read: libxml2 is not installed (Debian's libxml2)")
                }
                texts.append(text)
            }
        }
        return texts.filter { !$0.isEmpty }.joined(separator: "\n")
    }
}
