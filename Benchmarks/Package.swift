// swift-tools-version:6.1
import PackageDescription
import class Foundation.NSString

/// SwiftPM names a path dependency after its folder, whatever the clone is called.
let chalkline = (((Context.packageDirectory as NSString).deletingLastPathComponent) as NSString).lastPathComponent

// The core alone, driven without sockets: allocations and CPU per answer judged (issue 15).
// A package of its own so `make test` never builds the benchmark tool; `make bench-core` runs it.
let package = Package(
    name: "ChalklineBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: ".."),
        // Its malloc counters come from ordo-one's malloc interposer (the MallocInterposer trait).
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The room both measure: a times race or a set of 500, 20 json players.
        .target(
            name: "Classroom",
            dependencies: [
                .product(name: "ChalklineCore", package: chalkline),
            ],
            path: "Sources/Classroom"
        ),
        // One answer's instructions under callgrind (tools/callgrind/core-answer.sh): exact where
        // the wall clock of this shared machine is not.
        .executableTarget(name: "AnswerCost", dependencies: ["Classroom"], path: "Sources/AnswerCost"),
        // Issue 42's question to 30 and answer judged, the same under callgrind (Benchmarks/fan-out-callgrind.sh).
        .executableTarget(
            name: "FanOutCost",
            dependencies: ["Classroom", .product(name: "ChalklineCore", package: chalkline)],
            path: "Sources/FanOutCost"
        ),
        .executableTarget(
            name: "CoreAnswers",
            dependencies: [
                "Classroom",
                .product(name: "ChalklineCore", package: chalkline),
                .product(name: "Benchmark", package: "package-benchmark"),
            ],
            path: "Benchmarks/CoreAnswers",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        // Issue 42: a question to a class of 30 in one language or five, text or json, and an
        // answer judged in French or English.
        .executableTarget(
            name: "CoreLanguages",
            dependencies: [
                "Classroom",
                .product(name: "ChalklineCore", package: chalkline),
                .product(name: "Benchmark", package: "package-benchmark"),
            ],
            path: "Benchmarks/CoreLanguages",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
    ]
)
