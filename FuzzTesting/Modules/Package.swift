// swift-tools-version:5.9
// The server's own modules for the fuzz targets, reached through symbolic links. They sit in a
// package of their own because the catalogs are compiled in (`embedInCode`, tools 5.9), while
// the fuzz executables must stay on tools 5.3: from 5.5 on SwiftPM renames an executable's entry
// point and asks the linker for `main=<target>_main`, which libFuzzer's own `main` cannot meet.
import PackageDescription

let package = Package(
    name: "ChalklineFuzzModules",
    products: [
        .library(name: "ChalklineCore", targets: ["ChalklineCore"]),
        .library(name: "ChalklineHTTP", targets: ["ChalklineHTTP"]),
    ],
    targets: [
        .target(name: "ChalklineProtocol", resources: [.embedInCode("Locales")]),
        .target(name: "ChalklineCore", dependencies: ["ChalklineProtocol"]),
        .systemLibrary(name: "CWslay", path: "Sources/CWslay"),
        .systemLibrary(name: "CNettle", path: "Sources/CNettle"),
        .systemLibrary(name: "CQREncode", path: "Sources/CQREncode", pkgConfig: "libqrencode"),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib"),
        .target(name: "ChalklineQR", dependencies: ["CQREncode"]),
        .target(name: "ChalklineHTTP", dependencies: ["ChalklineCore", "ChalklineQR", "CNettle", "CWslay", "CZlib"]),
    ],
    swiftLanguageVersions: [.v5]
)
