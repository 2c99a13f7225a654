import ChalklineTesting
import Testing
@testable import ChalklineCore

/// The teacher's create form is built from `/catalog`: every option must carry a name and a
/// line written for people, and say whether it belongs under "More options". Read from the
/// catalog's JSON (what the page gets), so an option declared without them fails here.
@Suite("Options as a teacher reads them")
struct OptionLabelsTests {
    /// Words a teacher should never meet in a hint: commands, `key=value`, value grammars.
    static let protocolMarks = ["/", "=", "|", "N,", "A-B"]

    static func options(_ kind: JSON) -> [JSON] {
        guard case .object(let fields) = kind, case .array(let options)? = fields.first(where: { $0.0 == "options" })?.1 else {
            return []
        }
        return options
    }

    static func field(_ option: JSON, _ name: String) -> JSON? {
        guard case .object(let fields) = option else { return nil }
        return fields.first { $0.0 == name }?.1
    }

    @Test(arguments: RaceCatalog.names)
    func everyOptionHasALabelAHintAndAPlace(name: String) throws {
        let kind = try #require(RaceCatalog.kind(named: name))
        let options = Self.options(kind.catalogJSON)
        #expect(options.count == kind.options.count)
        for option in options {
            let key = Self.field(option, "name")
            guard case .string(let label)? = Self.field(option, "label"), case .string(let hint)? = Self.field(option, "hint") else {
                Issue.record("\(name) \(String(describing: key)): no label or hint in the catalog")
                continue
            }
            #expect(!label.isEmpty && !hint.isEmpty, "\(name) \(String(describing: key))")
            #expect(label.count <= 30, "\(name): label too long for a form: \(label)")
            #expect(hint.count <= 130, "\(name): a hint is one line: \(hint)")
            for mark in Self.protocolMarks {
                #expect(!hint.contains(mark), "\(name) \(String(describing: key)): hint speaks protocol (\(mark)): \(hint)")
                #expect(!label.contains(mark), "\(name) \(String(describing: key)): label speaks protocol (\(mark)): \(label)")
            }
            guard case .bool? = Self.field(option, "more") else {
                Issue.record("\(name) \(String(describing: key)): no more in the catalog")
                continue
            }
        }
    }

    /// The usual options (what is asked, how many rounds, how long) stay on the first screen;
    /// the room's manners go under "More options".
    @Test(arguments: RaceCatalog.names)
    func theUsualOptionsAreNotHidden(name: String) throws {
        let kind = try #require(RaceCatalog.kind(named: name))
        var shown: [String] = [], more: [String] = []
        for option in Self.options(kind.catalogJSON) {
            guard case .string(let key)? = Self.field(option, "name") else { continue }
            if case .bool(true)? = Self.field(option, "more") { more.append(key) } else { shown.append(key) }
        }
        let usual = name == "words" ? ["pack", "level", "levels", "time"] : ["rounds", "time"]
        for key in usual { #expect(shown.contains(key), "\(name): \(key) should be on the first screen") }
        for key in ["gap", "countdown", "seed", "chat", "late", "board", "names", "scoring", "teams"] {
            #expect(more.contains(key), "\(name): \(key) belongs under More options")
        }
        #expect(shown.contains(kind.options[0].name), "\(name): its own first option is what it asks")
    }

    /// Through the server: `/catalog`'s json carries the three fields for every option.
    @Test func theCatalogReplyCarriesThem() throws {
        let h = try WordsFixtures.server()
        let c = try h.jsonClient("Ann")
        try c.send("/catalog")
        let reply = try #require(c.take().first { $0["cmd"] as? String == "catalog" })
        let kinds = try #require(reply["kinds"] as? [[String: Any]])
        #expect(kinds.count == RaceCatalog.kinds.count)
        for kind in kinds {
            for option in kind["options"] as? [[String: Any]] ?? [] {
                #expect((option["label"] as? String)?.isEmpty == false, "\(option)")
                #expect((option["hint"] as? String)?.isEmpty == false, "\(option)")
                #expect(option["more"] is Bool, "\(option)")
            }
        }
    }
}
