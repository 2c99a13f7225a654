import ChalklineCore
import Foundation
import Testing

/// protocol.md's json examples, replayed against the core in-process and the real server: every line the bot is shown
/// receiving must come, in order, the same but for times (and the points they earn), room codes
/// and secrets. `>` lines are sent by the bot; `# NAME: LINE` lines by another person in the room
/// (a text-mode connection named NAME), at that point of the script.
@Suite struct ProtocolExampleTests {
    static func script(after heading: String) throws -> [Substring] {
        let doc = try String(contentsOf: BuiltProducts.repository.appendingPathComponent("protocol.md"), encoding: .utf8)
        guard let section = doc.range(of: "## \(heading)\n"),
              let open = doc.range(of: "```\n", range: section.upperBound..<doc.endIndex),
              let close = doc.range(of: "\n```", range: open.upperBound..<doc.endIndex) else {
            throw TestFailure("no example under \(heading)")
        }
        return doc[open.upperBound..<close.lowerBound].split(separator: "\n")
    }

    /// What may differ between runs: times and what they earn (points, places), codes, secrets, seeds.
    static func normalized(_ value: Any, key: String? = nil) -> Any {
        if let object = value as? [String: Any] {
            return object.reduce(into: [String: Any]()) { $0[$1.key] = normalized($1.value, key: $1.key) }
        }
        if let array = value as? [Any] { return array.map { normalized($0, key: key) } }
        switch key {
        // A place too: two answers in the same millisecond (in-process, the clock stands still)
        // share one, as protocol.md says equal scores and times do.
        case "ms", "points", "score", "seed", "rank": return value is NSNull ? value : 0
        case "room", "token", "host_key": return "X"
        case "game" where (value as? String)?.contains("-") == true: return "X-N"
        default: return value
        }
    }

    /// One text for equal JSON values, whatever the order of their keys.
    static func canonical(_ value: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), as: UTF8.self)
    }

    static func replay(_ heading: String, on backend: ServerBackend) throws {
        let lines = try script(after: heading)
        let server = try ServerHarness.scenario(backend, config: ServerConfig().withBuiltinPack())
        let bot = try server.connect()
        var people: [String: HarnessClient] = [:]
        var realCode: String?
        let exampleCode = lines.compactMap { $0.firstMatch(of: /"room":"([A-Z]{4})"/).map { String($0.1) } }.first ?? "UNMH"
        func code(_ line: Substring) -> String { String(line).replacing(exampleCode, with: realCode ?? exampleCode) }
        for line in lines {
            if line.hasPrefix("> ") {
                try bot.send(code(line.dropFirst(2)))
            } else if line.hasPrefix("< ") {
                let expected = line.dropFirst(2)
                let got = try bot.line(timeout: 10)
                if expected.hasPrefix("{") {
                    let want = try JSONSerialization.jsonObject(with: Data(expected.utf8))
                    let have = try JSONSerialization.jsonObject(with: Data(got.utf8))
                    #expect(try canonical(normalized(want)) == canonical(normalized(have)),
                            "\(heading):\n expected \(expected)\n got      \(got)")
                } else {
                    #expect(got == String(expected), "\(heading):\n expected \(expected)\n got      \(got)")
                }
            } else if line.hasPrefix("# "), let colon = line.firstIndex(of: ":") {
                let name = String(line.dropFirst(2)[..<colon])
                let text = code(line[line.index(colon, offsetBy: 2)...])
                if people[name] == nil {
                    let person = try server.connect()
                    try person.skipWelcome()
                    try person.send("/name \(name)")
                    _ = try person.expectText("Hello, \(name)!")
                    people[name] = person
                }
                try people[name]!.send(text)
                if text.hasPrefix("/create") {
                    let ready = try people[name]!.expectText("is ready")
                    realCode = ready.firstMatch(of: /Room ([A-Z]{4})/).map { String($0.1) }
                }
            }
        }
    }

    @Test(arguments: ServerBackend.lineBackends)
    func theTimesExampleIsWhatTheServerSends(backend: ServerBackend) throws {
        try Self.replay("Example: a bot in json", on: backend)
    }

    @Test(arguments: ServerBackend.lineBackends)
    func theWordPuzzleExampleIsWhatTheServerSends(backend: ServerBackend) throws {
        try Self.replay("Example: a word puzzle in json", on: backend)
    }
}
