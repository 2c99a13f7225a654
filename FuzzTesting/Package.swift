// swift-tools-version:5.3
// Fuzz targets, kept apart from the main package: they build only with
// `-sanitize=fuzzer,address -parse-as-library` (see `make fuzz`). The core's sources (and
// the protocol and HTTP modules') are reached through symbolic links, so this package needs no path dependency whose name
// would depend on the folder the repository was cloned into.
import PackageDescription

let package = Package(
    name: "ChalklineFuzz",
    targets: [
        .target(name: "ChalklineProtocol"),
        .target(name: "ChalklineCore", dependencies: ["ChalklineProtocol"]),
        .systemLibrary(name: "CWslay", path: "Sources/CWslay"),
        .systemLibrary(name: "CNettle", path: "Sources/CNettle"),
        .systemLibrary(name: "CQREncode", path: "Sources/CQREncode", pkgConfig: "libqrencode"),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib"),
        .target(name: "ChalklineQR", dependencies: ["CQREncode"]),
        .target(name: "ChalklineHTTP", dependencies: ["ChalklineCore", "ChalklineQR", "CNettle", "CWslay", "CZlib"]),
        .target(name: "FuzzInputPath", dependencies: ["ChalklineCore"]),
        .target(name: "FuzzWebPath", dependencies: ["ChalklineCore", "ChalklineHTTP"]),
    ]
)
