import ChalklineCore
import Foundation
import Testing

/// The schema's `settings_KIND`, `settings` and `game` are made from the kinds' declared
/// options, not written by hand: this fails when they differ, and
/// `CHALKLINE_WRITE_SCHEMA=1 swift test --filter SchemaFollowsTheCatalogTests` rewrites them.
@Suite struct SchemaFollowsTheCatalogTests {
    /// The definitions of `schema` that are not what the declarations make, and stray kinds.
    static func drift(in schema: JSON) -> [String] {
        let names: [String]
        if case .object(let defs)? = schema["$defs"] { names = defs.map(\.0) } else { names = [] }
        let wanted = SchemaFile.fromCatalog
        let known = Set(wanted.map(\.0))
        let stray = names.filter { $0.hasPrefix("settings_") && !known.contains($0) }
        return wanted.filter { schema["$defs"]?[$0.0] != $0.1 }.map(\.0) + stray
    }

    @Test func theSchemaFileIsWrittenTheWayItIsKept() throws {
        let text = try String(contentsOf: SchemaFile.url, encoding: .utf8)
        #expect(SchemaFile.text(try SchemaFile.read()) == text, "the writer would reformat protocol.schema.json")
    }

    @Test func settingsDefinitionsAreTheDeclarations() throws {
        let schema = try SchemaFile.read()
        let drifted = Self.drift(in: schema)
        if !drifted.isEmpty, ProcessInfo.processInfo.environment["CHALKLINE_WRITE_SCHEMA"] == "1" {
            try SchemaFile.text(SchemaFile.updated(schema)).write(to: SchemaFile.url, atomically: true, encoding: .utf8)
            return
        }
        #expect(drifted.isEmpty, """
            protocol.schema.json's \(drifted) differ from the kinds' declared options: \
            run CHALKLINE_WRITE_SCHEMA=1 swift test --filter SchemaFollowsTheCatalogTests
            """)
    }

    /// The check sees a hand-edited definition and a kind the catalog does not have, and the
    /// rewrite puts both right. It edits the schema as the writer would leave it, so the run of
    /// `CHALKLINE_WRITE_SCHEMA=1` that adds a new kind's definitions passes here too.
    @Test func aDriftedDefinitionIsCaughtAndRewritten() throws {
        guard case .object(var top) = SchemaFile.updated(try SchemaFile.read()), let at = top.firstIndex(where: { $0.0 == "$defs" }),
              case .object(var defs) = top[at].1, let arith = defs.firstIndex(where: { $0.0 == "settings_arith" }) else {
            Issue.record("no $defs.settings_arith"); return
        }
        defs[arith].1 = .object([("type", .string("object"))])
        defs.insert(("settings_chess", .object([])), at: arith)
        top[at].1 = .object(defs)
        let edited = JSON.object(top)
        #expect(Self.drift(in: edited).sorted() == ["settings_arith", "settings_chess"])
        #expect(Self.drift(in: SchemaFile.updated(edited)).isEmpty)
    }
}
