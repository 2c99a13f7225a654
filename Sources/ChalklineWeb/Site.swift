/// The pages the server serves, by path. A new file is one line here and a file in `Site/`.
public enum Site {
    public static let files: [SiteFile] = [
        SiteFile("/", "text/html; charset=utf-8", PackageResources.index_html),
        SiteFile("/style.css", "text/css; charset=utf-8", PackageResources.style_css),
        SiteFile("/play.js", "text/javascript; charset=utf-8", PackageResources.play_js),
        SiteFile("/icon.svg", "image/svg+xml", PackageResources.icon_svg),
    ]

    /// The path the WebSocket upgrade is served at.
    public static let webSocketPath = "/ws"

    public static func file(at path: String) -> SiteFile? {
        files.first { $0.path == path }
    }

    /// Bytes of every page file, for the size budget (150 KB uncompressed).
    public static var totalBytes: Int { files.reduce(0) { $0 + $1.bytes.count } }
}
