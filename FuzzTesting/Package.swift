// swift-tools-version:5.3
// Fuzz targets, kept apart from the main package: they build only with
// `-sanitize=fuzzer,address -parse-as-library` (see `make fuzz`). The core's sources (and
// the protocol module's) are reached through symbolic links, so this package needs no path dependency whose name
// would depend on the folder the repository was cloned into.
import PackageDescription

let package = Package(
    name: "ChalklineFuzz",
    targets: [
        .target(name: "ChalklineProtocol"),
        .target(name: "ChalklineCore", dependencies: ["ChalklineProtocol"]),
        .target(name: "FuzzInputPath", dependencies: ["ChalklineCore"]),
    ]
)
