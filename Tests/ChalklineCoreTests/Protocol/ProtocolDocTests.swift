import Foundation
import Testing
@testable import ChalklineCore

/// protocol.md is the contract with every bot author: an error code or an event type the server
/// can send but the page does not list (or one the page lists that the server never sends) is
/// drift, caught here rather than by a student's bot.
@Suite("protocol.md agrees with the core")
struct ProtocolDocTests {
    static let root = repositoryRoot()

    static func protocolText() throws -> String {
        try String(contentsOf: root.appendingPathComponent("protocol.md"), encoding: .utf8)
    }

    /// The lines under `## heading`, up to the next `## `.
    static func section(_ heading: String, in doc: String) -> [Substring] {
        var lines: [Substring] = []
        var inSection = false
        for line in doc.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") { inSection = line == "## \(heading)"; continue }
            if inSection { lines.append(line) }
        }
        return lines
    }

    /// The first cell of every row of the table under `## heading`: `| \`name\` | ...`.
    static func tableKeys(under heading: String, in doc: String) -> [String] {
        var keys: [String] = []
        var inSection = false
        for line in doc.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") { inSection = line == "## \(heading)"; continue }
            guard inSection, line.hasPrefix("| `") else { continue }
            let cell = line.dropFirst(3)
            if let end = cell.firstIndex(of: "`") { keys.append(String(cell[..<end])) }
        }
        return keys
    }

    /// Every `"type"` the core's messages put in their JSON, found in its sources so that a new
    /// event is checked without anyone remembering to add it here.
    static func renderedTypes() throws -> Set<String> {
        let folder = root.appendingPathComponent("Sources/ChalklineCore")
        // Every file under the core, in whatever folder it lives.
        let files = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }
        // Lines start with `EventType.NAME.field`; NAME is the enum case, the wire name its raw value.
        let pattern = try NSRegularExpression(pattern: #"EventType\.([A-Za-z]+)\.field"#)
        var types: Set<String> = []
        for file in files {
            let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for match in pattern.matches(in: source, range: NSRange(source.startIndex..., in: source)) {
                let name = String(source[Range(match.range(at: 1), in: source)!])
                if let type = EventType.allCases.first(where: { "\($0)" == name }) { types.insert(type.rawValue) }
            }
        }
        return types
    }

    @Test func everyErrorCodeIsInTheErrorTable() throws {
        let documented = Self.tableKeys(under: "Error codes", in: try Self.protocolText())
        #expect(documented.count >= 20, "the error table was not found: \(documented)")
        let missing = ErrorCode.allCases.map(\.rawValue).filter { !documented.contains($0) }
        #expect(missing.isEmpty, "ErrorCode cases missing from protocol.md's error table: \(missing)")
        let unknown = documented.filter { ErrorCode(rawValue: $0) == nil }
        #expect(unknown.isEmpty, "protocol.md lists error codes the server never sends: \(unknown)")
        #expect(Set(documented).count == documented.count, "an error code is listed twice")
    }

    @Test func everyEventTypeIsInTheEventsTable() throws {
        let documented = Self.tableKeys(under: "Events", in: try Self.protocolText())
        let rendered = try Self.renderedTypes()
        // The scan must see the events we know of, or it would pass by finding nothing.
        #expect(rendered.isSuperset(of: ["ok", "error", "welcome", "question", "round_end", "board", "chat", "progress", "bye"]))
        // `ok` and `error` are replies (and the `storage_failed` error), documented with the error codes.
        let events = rendered.subtracting(["ok", "error"])
        let missing = events.filter { !documented.contains($0) }.sorted()
        #expect(missing.isEmpty, "event types the core sends but protocol.md's events table lacks: \(missing)")
        let unknown = documented.filter { !events.contains($0) }
        #expect(unknown.isEmpty, "protocol.md lists event types the core never sends: \(unknown)")
    }

    /// The welcome and `/name`'s reply name the catalog's kinds (`RaceCatalog.createHint`);
    /// protocol.md and README quote those lines, and must name the same kinds, or a new kind
    /// leaves them out of date with no other test to say so.
    @Test func quotedWelcomeLinesNameTheCatalogsKinds() throws {
        for file in ["protocol.md", "README.md"] {
            let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            let quoted = text.split(separator: "\n").filter { $0.contains("/create GAME (") }
            #expect(!quoted.isEmpty, "\(file) quotes no welcome line")
            for line in quoted {
                #expect(line.contains(RaceCatalog.createHint), "\(file): \(line)")
            }
        }
    }

    @Test func everyKindInTheCatalogIsInTheKindsTable() throws {
        let documented = Self.tableKeys(under: "Kinds of game", in: try Self.protocolText())
        #expect(documented == RaceCatalog.names, "protocol.md's kinds table must list the catalog, in its order")
    }

    /// Every verb of `CommandTable` has its row in protocol.md's command table, and the table
    /// lists no verb the server lacks; host commands say so in "who may".
    @Test func everyCommandIsInTheCommandTable() throws {
        let rows = Self.section("Commands", in: try Self.protocolText()).filter { $0.hasPrefix("| `/") }
        let verb = try NSRegularExpression(pattern: "`/([a-z]+)")
        var documented: [String: String] = [:]
        for row in rows {
            let cells = row.replacingOccurrences(of: "\\|", with: "/").split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let first = String(cells[0])
            for match in verb.matches(in: first, range: NSRange(first.startIndex..., in: first)) {
                documented[String(first[Range(match.range(at: 1), in: first)!])] = String(cells[1])
            }
        }
        let names = ServerCore.commands.map(\.name)
        #expect(names.count >= 20)
        let missing = names.filter { documented[$0] == nil }
        #expect(missing.isEmpty, "commands missing from protocol.md's command table: \(missing)")
        let unknown = documented.keys.filter { !names.contains($0) }.sorted()
        #expect(unknown.isEmpty, "protocol.md's command table lists commands the server lacks: \(unknown)")
        for command in ServerCore.commands where command.access == .host {
            #expect(documented[command.name]?.hasPrefix("host") == true, "/\(command.name) is for the host: \(documented[command.name] ?? "")")
        }
    }
}
