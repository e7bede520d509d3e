import Glibc

/// Lines for the terminal or the journal, each written with one call so
/// lines from several threads do not interleave.
enum StandardStreams {
    /// "ebook-fb: TEXT" on standard error.
    static func log(_ text: String) { write("ebook-fb: " + text + "\n", to: STDERR_FILENO) }

    /// TEXT and a newline on standard output.
    static func printLine(_ text: String) { write(text + "\n", to: STDOUT_FILENO) }

    private static func write(_ text: String, to descriptor: Int32) {
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            // Inside the loop the array is not empty, so it has a base address.
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written) }
            // A closed or full stream loses the line; nothing else can be done with it.
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            written += count
        }
    }
}
