// swift-tools-version:5.3
// Fuzz targets, kept apart from the main package: they build only with
// `-sanitize=fuzzer,address -parse-as-library` (see `make fuzz`). The server's modules come from
// Modules/ (its manifest says why it is a package of its own); its path is inside this folder,
// so the dependency's name does not depend on the folder the repository was cloned into.
import PackageDescription

let package = Package(
    name: "ChalklineFuzz",
    dependencies: [.package(path: "Modules")],
    targets: [
        .target(name: "FuzzInputPath", dependencies: [.product(name: "ChalklineCore", package: "Modules")]),
        .target(name: "FuzzWebPath", dependencies: [
            .product(name: "ChalklineCore", package: "Modules"),
            .product(name: "ChalklineHTTP", package: "Modules"),
        ]),
    ]
)
