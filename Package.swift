// swift-tools-version:6.0
import PackageDescription

// Linux only, so no platforms are declared: the client's loop is epoll and signalfd (CEpoll),
// and every C library comes from Debian's packages (the Makefile installs them).
let package = Package(
    name: "Chalkline",
    products: [
        .executable(name: "chalkline-server", targets: ["chalkline-server"]),
        .executable(name: "chalkline", targets: ["chalkline"]),
        // The functional core, for the allocation benchmark in Benchmarks/ (a package of its own).
        .library(name: "ChalklineCore", targets: ["ChalklineCore"]),
        // One test harness: the core with a manual clock, or the real binary over TCP or WebSocket.
        .library(name: "ChalklineTesting", targets: ["ChalklineTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        // SQLite for durable results and reports; links Debian's libsqlite3-dev (the Makefile installs it).
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
    ],
    targets: [
        // libuv, from Debian's libuv1-dev (the Makefile installs it when pkg-config cannot find it).
        .systemLibrary(
            name: "CLibUV",
            path: "Sources/CLibUV",
            pkgConfig: "libuv",
            providers: [.apt(["libuv1-dev"])]
        ),
        // Avahi's client library, from Debian's libavahi-client-dev (the Makefile installs it),
        // and a small C layer over it for advertising and browsing `_chalkline._tcp`.
        // PostgreSQL's own C client, from Debian's libpq-dev (the Makefile installs it): the
        // second results store, for a district's central database.
        .systemLibrary(name: "CLibPQ", path: "Sources/CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        .systemLibrary(name: "CAvahi", path: "Sources/CAvahi", pkgConfig: "avahi-client", providers: [.apt(["libavahi-client-dev"])]),
        .target(name: "CDiscovery", dependencies: ["CAvahi"], path: "Sources/CDiscovery"),
        // The web: wslay (Debian's libwslay-dev) reads WebSocket frames; nettle (nettle-dev)
        // gives the handshake's SHA-1 and base64. Neither ships what SwiftPM's pkgConfig needs
        // everywhere (wslay has no .pc file), so both are linked by name; the Makefile installs them.
        .systemLibrary(name: "CWslay", path: "Sources/CWslay", providers: [.apt(["libwslay-dev"])]),
        .systemLibrary(name: "CNettle", path: "Sources/CNettle", providers: [.apt(["nettle-dev"])]),
        // HTTP and WebSocket as pure code (no I/O): sniffing the first line, the request head,
        // the answers, the handshake, reading frames (wslay) and writing the server's.
        // zlib, for the pages' files gzipped once for browsers that accept it.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "ChalklineHTTP", dependencies: ["ChalklineCore", "ChalklineQR", "CNettle", "CWslay", "CZlib"]),
        // The pages themselves (HTML, CSS, JavaScript, an icon), compiled into the binary.
        .target(name: "ChalklineWeb", dependencies: ["ChalklineHTTP"], resources: [.embedInCode("Site")]),
        // libqrencode (Debian's libqrencode-dev): the join URL as a QR code, for the page and the terminal.
        .systemLibrary(name: "CQREncode", path: "Sources/CQREncode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        .target(name: "ChalklineQR", dependencies: ["CQREncode"]),
        // Linux's epoll and signalfd, for the client's event loop (Glibc's module leaves them out).
        .systemLibrary(name: "CEpoll", path: "Sources/CEpoll"),
        // What server and client both speak: the JSON value and its reader, the line framer,
        // error codes, number formats, seeded draws. No I/O; the client's only link to the
        // server's code.
        // The message catalogs (Locales/*.po, gettext's format), compiled in: both binaries speak
        // every language with nothing installed beside them.
        .target(name: "ChalklineProtocol", resources: [.embedInCode("Locales")]),
        // The functional core: no I/O, no clock. Every game rule lives here.
        .target(name: "ChalklineCore", dependencies: ["ChalklineProtocol"]),
        // Durable results: the SQLite schema, the writer the shell runs off the loop thread, and
        // the teacher reports. Blocking I/O lives here and only ever runs off the loop thread.
        .target(
            name: "ChalklineStore",
            dependencies: [
                "ChalklineCore",
                "CLibPQ",
                .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's C API, for binding the hot INSERTs directly (see `Statement.run`).
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        // The imperative shell: the libuv loop, sockets, timers, signals.
        .target(
            name: "ChalklineServer",
            dependencies: [
                "CLibUV",
                "CDiscovery",
                "ChalklineCore",
                "ChalklineStore",
                "ChalklineHTTP",
                "ChalklineWeb",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "chalkline-server",
            dependencies: [
                "ChalklineServer",
                "ChalklineCore",
                "ChalklineStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            // The built-in word-puzzle pack and the example question sets, copied next to the
            // binary; LevelDirectory and SetDirectory find them.
            resources: [.copy("Levels"), .copy("Sets")]
        ),
        // The client as a library: connection, room model, solvers, screens, bot, bench and
        // soak, so its logic has unit tests of its own (ChalklineClientTests).
        .target(
            name: "ChalklineClient",
            dependencies: [
                "CEpoll",
                "CDiscovery",
                "ChalklineProtocol",
                // The join URL's QR code on the host's lobby screen (issue 26).
                "ChalklineQR",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            path: "client",
            exclude: ["examples", "Main"]
        ),
        // The `chalkline` command line alone: argument parsing over the library.
        .executableTarget(
            name: "chalkline",
            dependencies: [
                "ChalklineClient",
                "ChalklineProtocol",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "client/Main"
        ),
        .testTarget(
            name: "ChalklineClientTests",
            dependencies: ["ChalklineClient", "ChalklineCore", "ChalklineProtocol"]
        ),
        // The harness the test targets share (issue 29): one client API over the core in-process
        // and over the live server, like NIOEmbedded beside NIOPosix.
        .target(name: "ChalklineTesting", dependencies: ["ChalklineCore"]),
        .testTarget(
            name: "ChalklineCoreTests",
            dependencies: ["ChalklineCore", "ChalklineTesting"]
        ),
        .testTarget(
            name: "ChalklineWebTests",
            dependencies: ["ChalklineHTTP", "ChalklineWeb", "ChalklineCore", "ChalklineQR"]
        ),
        .testTarget(
            name: "ChalklineServerTests",
            dependencies: ["ChalklineServer", "ChalklineCore", "ChalklineStore", "CLibUV", "ChalklineTesting",
                           .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "ChalklineIntegrationTests",
            dependencies: [
                "ChalklineCore", "ChalklineStore", "chalkline-server", "chalkline", "ChalklineClient", "ChalklineTesting",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
    ]
)
