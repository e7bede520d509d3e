import FoundationEssentials
import Glibc

#if FUZZING
import CLinux

/// libFuzzer's entry point. The target is chosen by EBOOK_FB_FUZZ_TARGET
/// (decoder, encoding, evdev, evemu, state, config, gutenberg, aozora, zip, package, css, content or image).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let name = ProcessInfo.processInfo.environment["EBOOK_FB_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        fatalError("set EBOOK_FB_FUZZ_TARGET to one of: " + FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))
    }
    target.run(UnsafeBufferPointer(start: data, count: size))
    return 0
}

/// The executable's entry point under SwiftPM's name for it: hands the
/// command line to libFuzzer.
@_cdecl("ebook_fb_fuzz_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in fuzzOneInput(data, size) }
}
#else
/// Without the fuzzer: runs the named target over files, so a crash the
/// fuzzer found can be replayed and debugged in an ordinary build.
@main
struct FuzzReplay {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name), arguments.count > 1 else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
            complain("usage: ebook-fb-fuzz \(names) FILE...")
            exit(2)
        }
        for path in arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                complain("ebook-fb-fuzz: \(path): cannot be read")
                exit(1)
            }
            data.withUnsafeBytes { target.run($0.bindMemory(to: UInt8.self)) }
        }
        print("ran \(arguments.count - 1) inputs through \(name)")
    }

    private static func complain(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
#endif
