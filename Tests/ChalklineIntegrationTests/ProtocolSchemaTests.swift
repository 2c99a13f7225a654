import ChalklineCore
import Foundation
import Testing

/// protocol.schema.json against itself, protocol.md and the server's own catalog.
@Suite struct ProtocolSchemaTests {
    private func object(_ line: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
    }

    private func errors(_ line: String) -> [String] {
        let message = object(line)
        guard let name = ProtocolSchema.definition(for: message), let def = ProtocolSchema.defs[name] else { return ["no schema"] }
        return ProtocolSchema.errors(message, def, path: name)
    }

    @Test func theValidatorCatchesWhatTheSchemaDoesNotAllow() {
        let good = #"{"type":"question","id":1,"round":1,"rounds":20,"text":"7 x 2","time_ms":10000,"game":"times"}"#
        #expect(errors(good).isEmpty)
        #expect(!errors(#"{"type":"question","id":1,"round":1,"rounds":20,"text":"7 x 2","time_ms":10000,"game":"times","hint":"14"}"#).isEmpty)
        #expect(!errors(#"{"type":"question","id":1,"round":1,"rounds":20,"text":"7 x 2","time_ms":"10","game":"times"}"#).isEmpty)
        #expect(!errors(#"{"type":"question","id":1,"round":1,"rounds":20,"text":"7 x 2","time_ms":10000,"game":"chess"}"#).isEmpty)
        #expect(!errors(#"{"type":"question","id":1,"round":1,"rounds":20,"text":"7 x 2"}"#).isEmpty)
        #expect(!errors(#"{"type":"error","cmd":"x","code":"no_such_code","message":"m"}"#).isEmpty)
        #expect(errors(#"{"type":"error","cmd":null,"code":"storage_failed","message":"m"}"#).isEmpty)
        #expect(!errors(#"{"type":"ok","cmd":"ping","extra":true}"#).isEmpty)
        #expect(!errors(#"{"type":"joined","room":"abcd","name":"x","players":1}"#).isEmpty)
        #expect(errors(#"{"type":"nonsense"}"#) == ["no schema"])
    }

    /// The schema, protocol.md and the server name the same events and error codes.
    @Test func theSchemaAndProtocolDocumentAgree() throws {
        let doc = try String(contentsOf: BuiltProducts.repository.appendingPathComponent("protocol.md"), encoding: .utf8)
        func keys(under heading: String) -> Set<String> {
            var keys: Set<String> = [], inSection = false
            for line in doc.split(separator: "\n") {
                if line.hasPrefix("## ") { inSection = line == "## \(heading)"; continue }
                if inSection, line.hasPrefix("| `"), let end = line.dropFirst(3).firstIndex(of: "`") { keys.insert(String(line.dropFirst(3)[..<end])) }
            }
            return keys
        }
        let schemaEvents = Set(ProtocolSchema.defs.keys.filter { name in
            !name.hasPrefix("ok.") && name != "error" && (ProtocolSchema.defs[name] as? [String: Any])?["properties"]
                .flatMap { ($0 as? [String: Any])?["type"] } != nil
        })
        #expect(schemaEvents == keys(under: "Events"), "schema \(schemaEvents.sorted()) vs protocol.md")
        #expect(Set(EventType.allCases.map(\.rawValue)).subtracting(["ok", "error"]) == schemaEvents)
        let errorDef = ProtocolSchema.defs["error"] as? [String: Any]
        let codes = (((errorDef?["properties"] as? [String: Any])?["code"] as? [String: Any])?["enum"] as? [String]) ?? []
        #expect(Set(codes) == keys(under: "Error codes"))
        #expect(Set(codes) == Set(ErrorCode.allCases.map(\.rawValue)))
        let games = ((ProtocolSchema.defs["game"] as? [String: Any])?["enum"] as? [String]) ?? []
        #expect(games == RaceCatalog.names)
        // Every command has its reply in the schema.
        let commands = keys(under: "Commands").compactMap { $0.split(separator: " ").first.map { String($0.dropFirst()) } }
        for cmd in commands { #expect(ProtocolSchema.defs["ok.\(cmd)"] != nil, "no schema for ok.\(cmd)") }
        #expect(doc.contains("protocol.schema.json"))
    }
}
