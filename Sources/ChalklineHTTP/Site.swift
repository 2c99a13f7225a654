/// The files a server serves, by path: the pages are data (ChalklineWeb compiles them in), the
/// exchange that serves them is logic (here), so tests and the fuzz target can serve a site of
/// their own.
public struct Site: Sendable {
    public let files: [SiteFile]

    public init(files: [SiteFile]) { self.files = files }

    /// The path the WebSocket upgrade is served at.
    public static let webSocketPath = "/ws"

    public func file(at path: String) -> SiteFile? {
        files.first { $0.path == path }
    }

    /// Bytes of every file, for the pages' size budget (150 KB uncompressed).
    public var totalBytes: Int { files.reduce(0) { $0 + $1.bytes.count } }
}
