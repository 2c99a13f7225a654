import ChalklineCore
import ChalklineHTTP
import ChalklineWeb
import Foundation
import Testing

/// protocol.md's WebSocket section against the code: the paths the server serves and the
/// numbers a bot author relies on.
@Suite struct ProtocolDocWebTests {
    static func section() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let doc = try String(contentsOf: root.appendingPathComponent("protocol.md"), encoding: .utf8)
        let start = try #require(doc.range(of: "## WebSocket and the web pages"))
        let rest = doc[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
    }

    @Test func everyServedPathIsInThePathsTable() throws {
        let text = try Self.section()
        // The catalogs are one row, `/lang/CODE.json`, whatever languages there are.
        #expect(text.contains("`/lang/CODE.json`"))
        for file in Pages.site.files where file.path != "/" && !file.path.hasPrefix("/lang/") {
            #expect(text.contains("`\(file.path)`"), "\(file.path) is served but not listed")
        }
        #expect(text.contains("`\(Site.webSocketPath)`"))
        #expect(text.contains("| `/` (and `/?room=CODE`) |"))
    }

    @Test func theLimitsItStatesAreTheServers() throws {
        let text = try Self.section()
        #expect(text.contains("**\(Limits.httpHeadBytes / 1024) KB**"))
        #expect(text.contains("**\(Limits.httpHeadTimeoutMs / 1000) seconds**"))
        #expect(text.contains("(\(Limits.lineBytes) bytes, plus a line ending)"))
        let connecting = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("protocol.md"), encoding: .utf8)
        #expect(connecting.contains("after **\(Limits.silentWelcomeMs / 1000) seconds** of silence"))
        let flat = text.replacingOccurrences(of: "\n", with: " ")
        #expect(flat.contains("within **\(Limits.httpKeepAliveIdleMs / 1000) seconds** is closed"))
        #expect(text.contains("`Keep-Alive: timeout=\(Limits.httpKeepAliveIdleMs / 1000)`"))
    }
}
