import CICU

/// ICU's number, percent and date formats and plural categories of one
/// locale. Closed with the last reference.
final class LocalFormats {
    private let formats: OpaquePointer

    /// Nil when ICU has no formats for the locale (or libicui18n is missing).
    init?(locale: String) {
        guard let opened = CICU_numberFormatsOpen(locale) else { return nil }
        formats = opened
    }

    deinit { CICU_numberFormatsClose(formats) }

    static func isRightToLeft(locale: String) -> Bool { CICU_isRightToLeft(locale) != 0 }

    func integer(_ value: Int) -> String? {
        text { CICU_formatInteger(formats, Int64(value), $0, $1) }
    }

    func percent(_ fraction: Double) -> String? {
        // Whole percents, rounded down: a book is not 100 % read before its last page.
        text { CICU_formatPercent(formats, (fraction * 100).rounded(.down) / 100, $0, $1) }
    }

    func date(_ seconds: Double) -> String? {
        text { CICU_formatDate(formats, seconds, $0, $1) }
    }

    /// CLDR's plural category of `value`: "zero", "one", "two", "few", "many" or "other".
    func pluralCategory(_ value: Int) -> String? {
        text { CICU_pluralCategory(formats, Int64(value), $0, $1) }
    }

    private func text(_ write: (UnsafeMutablePointer<CChar>, Int32) -> Int32) -> String? {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 256) { buffer -> String? in
            guard let base = buffer.baseAddress, write(base, 256) >= 0 else { return nil }
            return String(cString: base)
        }
    }
}

extension MessageCatalog {
    /// CLDR's plural category of `value` in the catalog's language, for checking its Plural-Forms.
    public func pluralCategory(_ value: Int) -> String? { LocalFormats(locale: code)?.pluralCategory(value) }
}
