// swift-tools-version:6.0
import PackageDescription

/// C libraries come from Debian packages and are found with pkg-config.
func systemLibrary(_ name: String, pkgConfig: String, apt: String) -> Target {
    .systemLibrary(name: name, pkgConfig: pkgConfig, providers: [.apt([apt])])
}

let package = Package(
    name: "ebook-fb",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "ebook-fb", targets: ["ebook-fb"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        systemLibrary("CFreeType", pkgConfig: "freetype2", apt: "libfreetype-dev"),
        systemLibrary("CHarfBuzz", pkgConfig: "harfbuzz", apt: "libharfbuzz-dev"),
        systemLibrary("CFontconfig", pkgConfig: "fontconfig", apt: "libfontconfig-dev"),
        systemLibrary("CPNG", pkgConfig: "libpng", apt: "libpng-dev"),
        systemLibrary("CDRM", pkgConfig: "libdrm", apt: "libdrm-dev"),
        systemLibrary("CFriBidi", pkgConfig: "fribidi", apt: "libfribidi-dev"),
        // libhyphen-dev has no pkg-config file.
        .systemLibrary(name: "CHyphen", providers: [.apt(["libhyphen-dev"])]),
        // ICU's renamed C symbols need wrappers (UAX #14 and dictionary line breaking,
        // charset conversion, and charset detection from libicui18n loaded when needed).
        .target(name: "CICU", linkerSettings: [.linkedLibrary("icuuc")]),
        // Kernel interfaces Swift cannot import directly (ioctl numbers built by macros).
        .target(name: "CLinux"),

        .target(name: "Threading", dependencies: ["CLinux"]),
        .target(name: "Typesetting", dependencies: ["Threading", "CFreeType", "CHarfBuzz", "CFontconfig", "CFriBidi", "CHyphen", "CICU"]),
        .target(name: "Raster", dependencies: ["Typesetting", "CFreeType", "CPNG"]),
        .target(name: "Scrolling"),
        .target(name: "Gestures"),
        .target(name: "LinuxInput", dependencies: ["CLinux", "Gestures"]),
        .target(name: "LinuxDisplay", dependencies: ["CDRM", "CLinux"]),
        .target(name: "Reader", dependencies: ["Threading", "Typesetting", "Raster", "Scrolling", "Gestures", "LinuxInput", "CLinux"]),
        .executableTarget(
            name: "ebook-fb",
            dependencies: [
                "Threading", "Typesetting", "Raster", "Scrolling", "Gestures", "LinuxInput", "LinuxDisplay", "Reader",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // The Swift runtime and FoundationEssentials linked in (no module
            // imports Foundation, which would bring ICU's data): a kiosk starts
            // faster (no relocating them at every launch) and with less
            // resident memory, and the binary runs without a Swift toolchain.
            linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))]
        ),
        // Fuzz targets: an ordinary build replays inputs from files; built
        // with -sanitize=fuzzer and -DFUZZING it is a libFuzzer binary.
        .executableTarget(name: "ebook-fb-fuzz", dependencies: ["CLinux", "Typesetting", "LinuxInput", "Reader"]),

        .testTarget(name: "ThreadingTests", dependencies: ["Threading"]),
        .testTarget(name: "TypesettingTests", dependencies: ["Typesetting", "Threading", "CHyphen"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "Typesetting"], exclude: ["Goldens"]),
        .testTarget(name: "ScrollingTests", dependencies: ["Scrolling"]),
        .testTarget(name: "GesturesTests", dependencies: ["Gestures"]),
        .testTarget(name: "LinuxInputTests", dependencies: ["LinuxInput", "Gestures"]),
        .testTarget(name: "LinuxDisplayTests", dependencies: ["LinuxDisplay", "CLinux"]),
        .testTarget(name: "ReaderTests", dependencies: ["Reader", "Threading", "Typesetting", "Raster", "Scrolling", "Gestures", "LinuxInput"]),
    ]
)

// Release builds link the Swift runtime and FoundationEssentials statically (see the
// executable's linker settings); every Swift module is compiled for that
// too, so the libraries each one needs are linked with it.
for target in package.targets where target.type == .regular || target.type == .executable {
    // C targets (CICU, CLinux, ...) take no Swift settings.
    guard !(target.name.first == "C" && target.name.dropFirst().first?.isUppercase == true) else { continue }
    let staticRuntime = [SwiftSetting.unsafeFlags(["-static-stdlib"], .when(configuration: .release))]
    target.swiftSettings = (target.swiftSettings ?? []) + staticRuntime
    if target.type == .executable, target.name != "ebook-fb" {
        target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))]
    }
}
