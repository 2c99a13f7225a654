import Foundation
import Testing

/// The join URL a room's QR code carries, read back by a real decoder (zbar) from the SVG the
/// server serves, as a phone's camera would read it from the projector.
@Suite struct JoinQRCodeTests {
    /// Runs `tool` with `arguments` and returns its standard output.
    func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func theServedQRCodeDecodesToTheRoomsJoinURL() throws {
        let server = try LiveServer(["--public-url", "http://quiz.school.example:7420"])
        let host = try server.player("MsLee")
        let created = try host.command("/create times")
        let code = try #require(created.string("room"))
        #expect(created.string("join_url") == "http://quiz.school.example:7420/?room=\(code)")
        let page = try server.connect()
        try page.sendRaw(Array("GET /qr.svg?room=\(code) HTTP/1.1\r\n\r\n".utf8))
        var svg = ""
        while let line = try? page.line(timeout: 5) { svg += line.trimmingCharacters(in: ["\r"]) + "\n" }
        #expect(svg.hasPrefix("HTTP/1.1 200 OK"))
        #expect(svg.contains("Content-Type: image/svg+xml"))
        let body = try #require(svg.range(of: "<svg")).lowerBound
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("chalkline-qr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try String(svg[body...]).write(to: dir.appendingPathComponent("qr.svg"), atomically: true, encoding: .utf8)
        _ = try run("/usr/bin/rsvg-convert", ["-w", "300", dir.appendingPathComponent("qr.svg").path, "-o", dir.appendingPathComponent("qr.png").path])
        #expect(try run("/usr/bin/zbarimg", ["-q", "--raw", dir.appendingPathComponent("qr.png").path]) == "http://quiz.school.example:7420/?room=\(code)")
    }

    @Test func withoutAPublicURLTheJoinURLIsNotLoopbackOnEveryInterface() throws {
        let server = try LiveServer(["--bind", "0.0.0.0"])
        let host = try server.player("MsLee")
        let url = try #require(try host.command("/create times").string("join_url"))
        #expect(url.hasPrefix("http://") && url.contains(":\(server.port)/?room="))
        #expect(!url.contains("0.0.0.0"))
    }

    @Test func aRoomCodeThatIsNotLettersIs400() throws {
        let server = try LiveServer()
        let page = try server.connect()
        try page.sendRaw(Array("GET /qr.svg?room=%3Cscript%3E HTTP/1.1\r\n\r\n".utf8))
        #expect(try page.line().hasPrefix("HTTP/1.1 400 "))
    }
}
