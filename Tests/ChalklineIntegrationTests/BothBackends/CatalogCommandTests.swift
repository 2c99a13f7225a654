@testable import ChalklineCore
import Foundation
import Testing
@testable import ChalklineClient

/// `/catalog` and every kind it lists, on both backends: what it lists must be what `/create`
/// takes and what `settings` echoes, and a short game of every kind must play, each quiz
/// question answered with the bundled bot's solver for its kind (so a kind without a solver,
/// or a solver that misreads its questions, fails here).
@Suite struct CatalogCommandTests {
    /// Both backends with the built-in word pack and the shipped question sets, so a words or
    /// quiz room has the same levels or questions on each.
    private func server(_ backend: ServerBackend) throws -> ServerHarness {
        try ServerHarness.scenario(backend, config: ServerConfig().withBuiltinPack().withShippedSets())
    }

    private func catalog(_ harness: ServerHarness) throws -> [[String: Any]] {
        let reply = try harness.jsonClient().command("/catalog")
        #expect(reply.type == "ok")
        return reply.list("kinds")
    }

    @Test(arguments: ServerBackend.allCases)
    func listsEveryKindWithItsOptions(backend: ServerBackend) throws {
        let kinds = try catalog(server(backend))
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
    @Test(arguments: ServerBackend.allCases, RaceCatalog.names)
    func theDefaultsAreWhatCreateEchoes(backend: ServerBackend, name: String) throws {
        let harness = try server(backend)
        let entry = try #require(try catalog(harness).first { $0["name"] as? String == name })
        let options = entry["options"] as? [[String: Any]] ?? []
        // As the create form does: a choice with no default (the quiz's set) takes its first.
        let picks = options.compactMap { option -> String? in
            guard option["default"] is NSNull, let first = (option["choices"] as? [String])?.first else { return nil }
            return " \(option["name"] as? String ?? "")=\(first)"
        }
        let created = try harness.jsonClient("Ann").command("/create \(name)" + picks.joined())
        let settings = try #require(created["settings"] as? [String: Any], "\(created)")
        #expect(Array(settings.keys).sorted() == options.compactMap { $0["name"] as? String }.sorted())
        for option in options {
            let key = option["name"] as? String ?? ""
            guard let value = option["default"], !(value is NSNull) else { continue }
            #expect("\(value)" == "\(settings[key] ?? "missing")", "\(name) \(key): catalog \(value), settings \(settings[key] ?? "missing")")
        }
    }

    @Test(arguments: ServerBackend.lineBackends)
    func theTextIsEveryKindsHelp(backend: ServerBackend) throws {
        let client = try server(backend).connect()
        try client.skipWelcome()
        // The reply is many lines; a /ping after it marks where it ends.
        try client.send("/catalog")
        try client.send("/ping")
        var text: [String] = []
        while case let line = try client.line(), line != "pong" { text.append(line) }
        let joined = text.joined(separator: "\n")
        for kind in RaceCatalog.kinds { #expect(joined.contains(Help.kindText(kind))) }
    }

    @Test(arguments: ServerBackend.allCases, RaceCatalog.names)
    func aShortGameOfEveryKind(backend: ServerBackend, name: String) throws {
        let kind = try #require(RaceCatalog.kind(named: name))
        let isQuiz: Bool
        switch kind.style {
        case .quiz: isQuiz = true
        case .board: isQuiz = false
        }
        // A kind that plays question sets plays a shipped one, and is answered from it: no
        // solver can work out a teacher's question (the bot learns them, or reads the set's file).
        let playsSets = kind.options.contains { $0.offers == .questionSets }
        let shipped = try ServerConfig().withShippedSets().questionSets
        let set = try #require(shipped.entries.first?.set)
        let options = (isQuiz ? "rounds=3 time=5 gap=0 countdown=0 seed=11" : "levels=1 time=30 gap=0 countdown=0 seed=11")
            + (playsSets ? " set=\(set.name)" : "")
        let harness = try server(backend)
        let host = try harness.jsonClient("MsLee")
        let code = try #require(try host.command("/create \(name) play=no \(options)").string("room"))
        let player = try harness.jsonClient()
        let joined = try player.command("/join \(code) pat")
        #expect(joined.string("game") == name)
        _ = try host.expect("joined")
        #expect(try host.command("/start").type == "ok")

        var replied = 0
        var questions = 0
        while true {
            let event = try player.next(timeout: 10)
            if event.type == "question" {
                questions += 1
                #expect(event.string("game") == name)
                let text = try #require(event.string("text"))
                let answer: String
                if playsSets {
                    answer = try #require(set.questions.first { $0.text == text }?.answers.first, "\(text) is not in \(set.name)")
                } else {
                    let solver = try #require(QuizSolvers.solver(for: name), "no bot solver for \(name)")
                    answer = try #require(solver.answer(to: text), "the \(name) solver cannot read \(text)")
                }
                let reply = try player.command("/answer \(answer)")
                #expect(reply.bool("correct") == true, "\(name): \(text) answered \(answer): \(reply)")
                replied += reply.int("points") ?? 0
            } else if event.type == "round_end" {
                #expect(event.string("answer_text")?.isEmpty == false)
                #expect(event["answer"] is NSNumber || playsSets, "a quiz's answer is a number: \(event)")
            } else if event.type == "board" {
                _ = try host.command("/skip")
            } else if event.type == "game_end" {
                let mine = event.list("standings").first { $0["name"] as? String == "pat" }
                #expect(JSONValue.int(mine?["score"]) == replied)
                break
            }
        }
        #expect(isQuiz ? questions == 3 : questions == 0)
    }

    @Test(arguments: RaceCatalog.names)
    func theBotHasASolverForEveryQuizKind(name: String) throws {
        let kind = try #require(RaceCatalog.kind(named: name))
        // A teacher's set says nothing of its answers in its questions: the bot's SetSolver
        // plays it, from the set's file or from what each round_end revealed.
        if case .quiz = kind.style, name != SetSolver.kind {
            #expect(QuizSolvers.solver(for: name) != nil, "chalkline bot cannot play \(name)")
        }
    }
}
