import Glibc

/// Lines for the terminal or the journal, each written with one call so
/// lines from several threads do not interleave.
public enum StandardStreams {
    /// "ebook-fb: TEXT" on standard error, as one line: a path or a title
    /// from a book may hold newlines and escape sequences.
    public static func log(_ text: String) {
        write("ebook-fb: " + text.escapingControlCharacters + "\n", to: FileDescriptor(rawValue: STDERR_FILENO, path: "standard error"))
    }

    /// TEXT and a newline on standard error, as it is.
    public static func writeError(_ text: String) {
        write(text + "\n", to: FileDescriptor(rawValue: STDERR_FILENO, path: "standard error"))
    }

    /// TEXT and a newline on standard output.
    public static func printLine(_ text: String) {
        write(text + "\n", to: FileDescriptor(rawValue: STDOUT_FILENO, path: "standard output"))
    }

    private static func write(_ text: String, to stream: FileDescriptor) {
        // A closed or full stream loses the line; nothing else can be done with it.
        try? stream.writeAll(Array(text.utf8))
    }
}
