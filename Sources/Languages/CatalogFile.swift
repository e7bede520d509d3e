import CGettextPoLoader
import Glibc

/// Reading one gettext catalog (`de.po`) with libgettextpo into a
/// `MessageCatalog`: its translated, current messages (fuzzy and obsolete
/// ones are left to English) and its header's `Plural-Forms`. libgettextpo
/// is loaded with the first catalog.
public enum CatalogFile {
    /// The catalog at `path`, named `code` ("de"); a damaged file is a
    /// one-line error naming the file and the line.
    public static func read(_ path: String, code: String) throws(CatalogError) -> MessageCatalog {
        guard ebookfb_gettextpo_load() == 1 else {
            throw CatalogError("\(path): cannot read translations: libgettextpo is not installed (Debian's libgettextpo0)")
        }
        var problem = [CChar](repeating: 0, count: 512)
        guard let file = ebookfb_po_file_read(path, &problem, problem.count) else {
            throw CatalogError(String(decoding: problem.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        defer { ebookfb_po_file_free(file) }
        var rule = PluralRule.english
        if let header = ebookfb_po_file_domain_header(file, nil),
           let field = ebookfb_po_header_field(header, "Plural-Forms") {
            defer { free(field) }
            do {
                rule = try PluralRule(header: String(cString: field))
            } catch {
                throw CatalogError("\(path): Plural-Forms: \(error)")
            }
        }
        var messages: [String: [String]] = [:]
        guard let iterator = ebookfb_po_message_iterator(file, nil) else { throw CatalogError("\(path): cannot be read") }
        defer { ebookfb_po_message_iterator_free(iterator) }
        while let message = ebookfb_po_next_message(iterator) {
            guard ebookfb_po_message_is_obsolete(message) == 0, ebookfb_po_message_is_fuzzy(message) == 0,
                  let id = ebookfb_po_message_msgid(message), id.pointee != 0 else { continue }
            let context = ebookfb_po_message_msgctxt(message).map { String(cString: $0) }
            let forms: [String]
            if ebookfb_po_message_msgid_plural(message) != nil {
                forms = (0..<rule.count).map { ebookfb_po_message_msgstr_plural(message, Int32($0)).map { String(cString: $0) } ?? "" }
            } else {
                forms = [ebookfb_po_message_msgstr(message).map { String(cString: $0) } ?? ""]
            }
            guard forms.contains(where: { !$0.isEmpty }) else { continue }
            messages[MessageCatalog.key(context: context, String(cString: id))] = forms
        }
        return MessageCatalog(code: code, messages: messages, pluralRule: rule)
    }
}

public struct CatalogError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
