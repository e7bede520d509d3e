import BookModel
import FoundationEssentials
import Glibc
import LinuxSystem
import LinuxInput
import PlainText
import Reader
import Typesetting

/// The parsers that take bytes from outside: each target feeds one of them
/// arbitrary input and checks what must hold whatever the input. A broken
/// invariant stops the process, which the fuzzer reports as a crash.
enum FuzzTarget: String, CaseIterable {
    case decoder, encoding, evdev, evemu, state, config, gutenberg, aozora, image
    case zip, package, css, content
    case pdf, comic, comicinfo, dictionary

    func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        switch self {
        case .decoder: Self.decodeBook(bytes)
        case .encoding: Self.detectAndConvert(bytes)
        case .gutenberg: MarkupFuzzing.gutenberg(bytes)
        case .aozora: MarkupFuzzing.aozora(bytes)
        case .image: ImageFuzzing.decode(bytes)
        case .evdev: Self.parseEvdev(bytes)
        case .evemu: Self.parseEvemu(bytes)
        case .state: Self.readState(bytes)
        case .config: Self.parseConfiguration(bytes)
        case .zip: EPUBFuzzing.zip(bytes)
        case .package: EPUBFuzzing.package(bytes)
        case .css: EPUBFuzzing.css(bytes)
        case .content: EPUBFuzzing.content(bytes)
        case .pdf: PictureBookFuzzing.pdf(bytes)
        case .comic: PictureBookFuzzing.comic(bytes)
        case .comicinfo: PictureBookFuzzing.comicInfo(bytes)
        case .dictionary: DictionaryFuzzing.lookUp(bytes)
        }
    }

    /// Decoding and paragraph building: valid UTF-8 out, paragraphs in order
    /// and inside the text, chapters pointing into it.
    static func decodeBook(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let text = try? BookDecoder.decode(Data(buffer: bytes), path: "fuzz.txt") else { return }
        require(String(validating: text.utf8, as: UTF8.self) != nil, "decoded text is valid UTF-8")
        let book = Book(text: text)
        var previousEnd = 0
        for paragraph in book.paragraphs {
            require(paragraph.bytes.lowerBound >= previousEnd && paragraph.bytes.upperBound <= text.utf8.count,
                    "paragraphs are ordered and inside the text")
            require(paragraph.scalars.lowerBound >= 0 && paragraph.scalars.upperBound <= text.scalarCount,
                    "paragraph offsets are inside the text")
            previousEnd = paragraph.bytes.upperBound
        }
        for chapter in book.chapters { require((0...text.scalarCount).contains(chapter.offset), "chapters point into the text") }
    }

    /// Charsets the encoding target forces on its input besides detecting one.
    static let forcedCharsets = ["Shift_JIS", "EUC-JP", "ISO-2022-JP", "GB18030", "Big5", "EUC-KR", "windows-1251",
                                 "KOI8-U", "TIS-620", "ISO-8859-16", "UTF-16", "UTF-32", "UTF-7", "HZ", "SCSU", "BOCU-1"]

    /// Detection and conversion: the first byte is the index of one of
    /// `forcedCharsets` or, past them, asks for detection; the rest is the file. Whatever the bytes: valid
    /// UTF-8 out, the character count right, at most four bytes of text
    /// per byte of input (SCSU can make a supplementary character of one), a confidence from 0 to 100, and the same answer twice.
    static func detectAndConvert(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let choice = bytes.first else { return }
        let body = Data(buffer: UnsafeBufferPointer(rebasing: bytes.dropFirst()))
        let index = Int(choice)
        let forced = index < forcedCharsets.count ? try? TextEncoding.named(forcedCharsets[index]) : nil
        require(index >= forcedCharsets.count || forced != nil, "every forced charset is known")
        guard let text = try? BookDecoder.decode(body, path: "fuzz.txt", encoding: forced) else { return }
        require(String(validating: text.utf8, as: UTF8.self) != nil, "converted text is valid UTF-8")
        require(String(decoding: text.utf8, as: UTF8.self).unicodeScalars.count == text.scalarCount,
                "the character count is the text's")
        require(text.utf8.count <= 4 * body.count, "at most four bytes of text per byte of input")
        require((0...100).contains(text.encodingConfidence), "the confidence is a percentage")
        if forced == nil, let again = try? BookDecoder.decode(body, path: "fuzz.txt") {
            require(again.encoding == text.encoding && again.utf8 == text.utf8, "detection is deterministic")
        }
    }

    /// The evdev byte stream through the touch parser of each kind of panel.
    static func parseEvdev(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let kind = bytes.first else { return }
        let device = FuzzDevices.all[Int(kind) % FuzzDevices.all.count]
        guard var parser = EvdevTouchParser(device: device) else { return }
        var decoder = InputEventDecoder()
        // Split the stream where the input says, as reads of a device would.
        let body = UnsafeBufferPointer(rebasing: bytes.dropFirst())
        let cut = body.isEmpty ? 0 : Int(kind) * 7 % body.count
        var events = decoder.decode(UnsafeBufferPointer(rebasing: body[..<cut]))
        events += decoder.decode(UnsafeBufferPointer(rebasing: body[cut...]))
        require(decoder.pendingByteCount == body.count % InputEventDecoder.eventSize, "only a partial event stays pending")
        let frames = (try? parser.feed(events, stateSource: nil)) ?? []
        for frame in frames {
            for touch in frame.touches {
                require(touch.x.isFinite && touch.y.isFinite, "touch positions are finite")
            }
        }
    }

    /// Evemu text: a description, events, or both.
    static func parseEvemu(_ bytes: UnsafeBufferPointer<UInt8>) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let parsed = try? EvemuParser(text: text, file: "fuzz.events") else { return }
        for event in parsed.events { require(event.time.isFinite, "event times are finite") }
        if let description = parsed.description, var parser = EvdevTouchParser(device: description) {
            _ = try? parser.feed(parsed.events, stateSource: nil)
        }
    }

    /// A state file's bytes: a position for this book or nothing.
    static func readState(_ bytes: UnsafeBufferPointer<UInt8>) {
        let hash = "0123456789abcdef"
        if let state = StateStore.decodeState(Data(buffer: bytes), book: hash) {
            require(state.offset >= 0 && state.book == hash && state.version == ReadingState.currentVersion,
                    "an accepted position is for this book and version")
        }
    }

    /// /etc/ebook-fb.conf: a file parses into settings the reader takes, or
    /// the error names the file and a line of it.
    static func parseConfiguration(_ bytes: UnsafeBufferPointer<UInt8>) {
        let text = String(decoding: bytes, as: UTF8.self)
        do {
            let configuration = try KioskConfiguration(parsing: text, source: "fuzz.conf")
            let arguments = configuration.readerArguments(book: "book.txt")
            let minutes = 1...KioskConfiguration.longestIdleMinutes
            require([configuration.idleResetMinutes, configuration.blankAfterMinutes].allSatisfy { $0.map(minutes.contains) ?? true },
                    "an accepted idle time is a whole number of minutes within a day")
            require(arguments.contains("--menu") == (configuration.menu != .full), "the menu policy reaches the reader")
        } catch {
            require(error.description.hasPrefix("fuzz.conf"), "errors name the file")
        }
    }

    static func require(_ condition: Bool, _ invariant: String) {
        if !condition { fatalError("broken invariant: " + invariant) }
    }

    /// A file of this process for the books the targets write.
    static func scratchPath(suffix: String) -> String { "/tmp/ebook-fb-fuzz-\(getpid())" + suffix }

    /// Writes the input to a file of this process ending in `suffix`, for
    /// the targets that open a whole book; its path.
    static func writeScratch(_ bytes: UnsafeBufferPointer<UInt8>, suffix: String) -> String {
        let path = scratchPath(suffix: suffix)
        do throws(SystemError) {
            let file = try FileDescriptor.open(path, flags: O_WRONLY | O_CREAT | O_TRUNC, permissions: 0o600)
            defer { file.close() }
            try file.writeAll(UnsafeRawBufferPointer(bytes))
        } catch {
            fatalError("cannot write \(path): \(error)")
        }
        return path
    }
}

/// Panels of each protocol the touch parser understands.
enum FuzzDevices {
    private static func axis(_ maximum: Int32) -> AbsInfo { AbsInfo(value: 0, minimum: 0, maximum: maximum) }

    static let all: [DeviceDescription] = [
        DeviceDescription(
            name: "fuzz MT B", properties: BitSet(bits: [InputProperty.direct]),
            eventBits: [0: BitSet(bits: [0, 1, 3]), EventType.key: BitSet(bits: [Int(ButtonCode.touch)]),
                        EventType.absolute: BitSet(bits: [0, 1, 0x2f, 0x35, 0x36, 0x39])],
            absInfo: [AbsCode.x: axis(1279), AbsCode.y: axis(767), AbsCode.mtSlot: axis(9),
                      AbsCode.mtPositionX: axis(1279), AbsCode.mtPositionY: axis(767), AbsCode.mtTrackingID: axis(65535)]),
        DeviceDescription(
            name: "fuzz MT A",
            eventBits: [0: BitSet(bits: [0, 1, 3]), EventType.key: BitSet(bits: [Int(ButtonCode.touch)]),
                        EventType.absolute: BitSet(bits: [0, 1, 0x35, 0x36])],
            absInfo: [AbsCode.x: axis(9600), AbsCode.y: axis(7200), AbsCode.mtPositionX: axis(9600),
                      AbsCode.mtPositionY: axis(7200)]),
        DeviceDescription(
            name: "fuzz single touch",
            eventBits: [0: BitSet(bits: [0, 1, 3]), EventType.key: BitSet(bits: [Int(ButtonCode.touch)]),
                        EventType.absolute: BitSet(bits: [0, 1])],
            absInfo: [AbsCode.x: axis(4095), AbsCode.y: axis(4095)]),
    ]
}
