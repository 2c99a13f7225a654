import Foundation
import Testing
@testable import ChalklineCore

/// `/catalog`: every kind and its options as data, for the teacher page's create form. What it
/// lists must be what `/create` takes and what `settings` echoes.
@Suite("/catalog")
struct CatalogCommandTests {
    private func catalog() -> [[String: Any]] {
        let h = Harness()
        h.jsonClient(1)
        let reply = Harness.messages(h.line(1, "/catalog"), to: 1)[0]
        #expect(reply.string("type") == "ok")
        return reply.list("kinds")
    }

    @Test func listsEveryKindWithItsOptions() {
        let kinds = catalog()
        #expect(kinds.map { $0["name"] as? String } == RaceCatalog.names)
        for (kind, entry) in zip(RaceCatalog.kinds, kinds) {
            #expect(entry["summary"] as? String == kind.summary)
            let options = entry["options"] as? [[String: Any]] ?? []
            #expect(options.compactMap { $0["name"] as? String } == kind.options.map(\.name))
            for option in options {
                #expect(option["type"] is String && option["help"] is String && option["default_text"] is String)
                #expect(option.keys.contains("default"))
            }
        }
    }

    /// A form that sends every default gets the room the catalog promised: each non-null
    /// default goes through `/create` and comes back as `settings` has it.
    @Test(arguments: RaceCatalog.names)
    func theDefaultsAreWhatCreateEchoes(name: String) throws {
        var config = ServerConfig()
        let level = "TEA|POT: Pours a hot drink\nCUP|CA|KE: Small iced treat\nMOON|LIG|HT: Silver glow at night\n"
            + "RAIN|DR|OP: Falls from a cloud\nSEA|SH|ELL: Found on the beach\nFOOT|BA|LL: Kicked into a goal\nHO|M|E: Where you live\n"
        guard case .success(let parsed) = LevelFile.parse(fileName: "level1.txt", text: level) else { Issue.record("fixture"); return }
        config.levelPacks = [LevelPack(name: "builtin", levels: Array(repeating: parsed, count: 12))]
        let h = Harness(config: config)
        h.jsonClient(1, name: "Ann")
        let entry = try #require(catalog().first { $0["name"] as? String == name })
        let options = entry["options"] as? [[String: Any]] ?? []
        let created = Harness.messages(h.line(1, "/create \(name)"), to: 1)[0]
        let settings = try #require(created["settings"] as? [String: Any])
        #expect(Array(settings.keys).sorted() == options.compactMap { $0["name"] as? String }.sorted())
        for option in options {
            let key = option["name"] as? String ?? ""
            guard let value = option["default"], !(value is NSNull) else { continue }
            #expect("\(value)" == "\(settings[key] ?? "missing")", "\(name) \(key): catalog \(value), settings \(settings[key] ?? "missing")")
        }
    }

    @Test func theTextIsEveryKindsHelp() {
        let h = Harness()
        h.connect(1)
        let text = Harness.text(h.line(1, "/catalog"), to: 1)
        for kind in RaceCatalog.kinds { #expect(text.contains(Help.kindText(kind))) }
    }
}
