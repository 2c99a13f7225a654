import ChalklineCore
import Foundation
import Testing

/// Issue 38, section 8: protocol.md's word-puzzle section said `settings` echoes ten options;
/// the server echoed fourteen, and a bot written from the page that checked its settings
/// failed. Every list of fields a bot can check against what arrives is read out of
/// protocol.md here and compared with what the real server sends over TCP: each kind's
/// `settings` (its option table and any sentence listing them), the options every quiz
/// shares, the events table's fields and the commands table's reply fields.
@Suite(.serialized) struct ProtocolDocListsTests {
    // MARK: - settings

    @Test func everyListOfSettingsIsWhatTheServerEchoes() throws {
        let doc = try Self.doc()
        let server = try LiveServer()
        let teacher = try Self.client(server, name: "MsLee")
        let catalog = try teacher.command("/catalog").list("kinds")
        let kinds = catalog.compactMap { $0["name"] as? String }
        #expect(kinds.count >= 5)
        var echoed: [String: [String]] = [:]
        for (kind, entry) in zip(kinds, catalog) {
            // As the create form does: a choice with no default (the quiz's set) takes its first.
            let picks = (entry["options"] as? [[String: Any]] ?? []).compactMap { option -> String? in
                guard option["default"] is NSNull, let first = (option["choices"] as? [String])?.first else { return nil }
                return " \(option["name"] as? String ?? "")=\(first)"
            }
            let reply = try teacher.command("/create \(kind) play=no" + picks.joined())
            echoed[kind] = try #require(Self.orderedKeys(of: reply.line, at: "settings"), "\(kind): \(reply)")
            _ = try teacher.command("/leave")
        }
        let headings = Self.kindSections(in: doc)
        for kind in kinds {
            let sent = echoed[kind] ?? []
            let heading = try #require(headings[kind], "no section for \(kind)")
            let section = Self.section(heading, in: doc)
            // The option table: its names in the order `settings` echoes them (a quiz's shared
            // row names several in one cell, in any order).
            let rows = Self.optionRows(in: section)
            #expect(Set(rows.flatMap { $0 }) == Set(sent), "\(heading)'s option table vs the server's settings \(sent)")
            #expect(rows.filter { $0.count == 1 }.map { $0[0] } == sent.filter { name in rows.contains { $0 == [name] } },
                    "\(heading)'s option table is in settings' order")
            // Every sentence that lists what `settings` echoes.
            for list in Self.echoLists(in: section) {
                #expect(list == sent, "\(heading) says settings echoes \(list); the server echoes \(sent)")
            }
        }
        // The options every quiz has: every kind but the word puzzle.
        let quizzes = kinds.filter { $0 != "words" }.map { Set(echoed[$0] ?? []) }
        let shared = quizzes.dropFirst().reduce(quizzes.first ?? []) { $0.intersection($1) }
        let sentence = try #require(Self.paragraphs(Self.section("Kinds of game", in: doc)).first { $0.hasPrefix("**Quizzes.**") })
        let listed = try #require(sentence.firstRange(of: "the options").map { Self.names(in: String(sentence[$0.upperBound...].prefix { $0 != ";" })) })
        #expect(Set(listed) == shared, "the options every quiz shares: protocol.md \(listed), the server \(shared.sorted())")
    }

    // MARK: - Events and replies

    @Test func everyEventAndReplySendsTheFieldsItsRowNames() throws {
        let doc = try Self.doc()
        let seen = try Self.playEverything()
        let events = Self.table(Self.section("Events", in: doc), fieldsColumn: 1, notesColumn: 2)
        let commands = Self.table(Self.section("Commands", in: doc), fieldsColumn: 2)
        var checkedEvents: [String] = [], checkedReplies: [String] = []
        for (type, instances) in seen.sorted(by: { $0.key < $1.key }) {
            let isReply = type.hasPrefix("ok.")
            let key = isReply ? String(type.dropFirst(3)) : type
            guard var row = (isReply ? commands : events)[key] else {
                Issue.record("\(type): no row in protocol.md's \(isReply ? "Commands" : "Events") table"); continue
            }
            // "as for `/join`": that row's fields.
            if isReply, row.listed.isEmpty, let other = row.mentioned.first(where: { $0.hasPrefix("/") }),
               let target = commands[String(other.dropFirst())] {
                row = target
            }
            let ignored: Set<String> = isReply ? ["type", "cmd"] : ["type"]
            var union: Set<String> = []
            for keys in instances {
                let sent = Set(keys).subtracting(ignored)
                union.formUnion(sent)
                let unnamed = sent.subtracting(row.mentioned)
                #expect(unnamed.isEmpty, "\(type) sends \(unnamed.sorted()), which its row in protocol.md does not name")
            }
            let conditional = Self.conditional[type] ?? []
            let missing = Set(row.listed).subtracting(union).subtracting(conditional)
            #expect(missing.isEmpty, "protocol.md lists \(missing.sorted()) for \(type); the server never sent it in \(instances.count)")
            if isReply { checkedReplies.append(key) } else { checkedEvents.append(type) }
        }
        // What the game below reaches: most of both tables.
        #expect(checkedEvents.count >= 14, "\(checkedEvents)")
        #expect(checkedReplies.count >= 20, "\(checkedReplies)")
        print("checked events \(checkedEvents); replies \(checkedReplies)")
    }

    /// Fields a row lists that only some rooms send, each as its row says: homework's place and
    /// seat (only in homework), a question's options (only multiple choice).
    static let conditional: [String: Set<String>] = [
        "game_end": ["homework"], "ok.join": ["homework"], "ok.rejoin": ["homework"], "ok.claim": ["homework"],
        // Only a multiple-choice question of the quiz kind (`QuizRaceTCPTests`); `message` only
        // where the question is a sentence (money, pace, arith's percents: `MoneyInFrenchTCPTests`).
        "question": ["choices", "message"],
        // Only where the answer is written per language, as `message` (`AnswerMessageTCPTests`).
        "round_end": ["answer_message"],
    ]

    /// A times game with teams, a watcher, chat, a kick, a host who drops and a `/claim`, then
    /// a word puzzle whose level is skipped: every line each client got, `type` (replies as
    /// `ok.CMD`) → each line's keys.
    static func playEverything() throws -> [String: [[String]]] {
        let server = try LiveServer()
        let host = try client(server, name: "MsLee")
        let created = try host.command("/create times teams=2 countdown=1 gap=0 rounds=1 time=30 table=3 seed=1 play=no")
        let code = try #require(created.string("room")), key = try #require(created.string("host_key"))
        let watcher = try client(server)
        _ = try watcher.command("/watch \(code)")
        let ann = try client(server), bo = try client(server)
        _ = try ann.command("/join \(code) ann")
        _ = try bo.command("/join \(code) bo")
        let team = try #require(try ann.command("/teams").list("teams").first?["name"] as? String)
        for command in ["/team \(team)", "/who", "/scores", "/rooms", "/ping", "/help", "/packs", "/say hi"] { _ = try ann.command(command) }
        for command in ["/lock", "/unlock", "/set chat=on", "/teams balance"] { _ = try host.command(command) }
        _ = try host.command("/start")
        let question = try ann.expect("question", timeout: 10)
        let right = try #require(product(of: question.string("text") ?? ""))
        _ = try ann.command("\(right)")
        _ = try bo.command("/answer id=\(question.int("id") ?? 0) \(right + 1)")
        _ = try host.expect("game_end", timeout: 10)
        // A second screen opened after the game: the finished game and its team standings.
        let lateScreen = try client(server)
        _ = try lateScreen.command("/watch \(code)")
        _ = try lateScreen.command("/leave")
        _ = try host.command("/report")
        _ = try host.command("/kick bo")
        _ = try bo.expect("kicked")
        host.disconnect()
        _ = try ann.expect("host_away")
        let back = try client(server)
        _ = try back.command("/claim \(code) \(key)")
        _ = try ann.expect("host")
        // The word puzzle: a level opened and skipped.
        _ = try back.command("/leave")
        let words = try back.command("/create words levels=1 time=30 countdown=0 gap=0 seed=1 play=no")
        let wordsCode = try #require(words.string("room"))
        _ = try ann.command("/leave")
        _ = try ann.command("/join \(wordsCode) ann")
        _ = try back.command("/start")
        _ = try ann.expect("board", timeout: 10)
        _ = try back.command("/skip")
        _ = try ann.expect("game_end", timeout: 10)
        _ = try watcher.command("/leave")

        var seen: [String: [[String]]] = [:]
        for c in [host, watcher, lateScreen, ann, bo, back] {
            for line in c.received {
                guard let keys = orderedKeys(of: line, at: nil) else { continue }
                let object = ServerLine(line)
                guard object.type != "error" else { continue }
                let type = object.type == "ok" ? "ok.\(object.cmd ?? "")" : object.type
                seen[type, default: []].append(keys)
            }
        }
        return seen
    }

    // MARK: - Reading protocol.md

    static func doc() throws -> String {
        try String(contentsOf: BuiltProducts.repository.appendingPathComponent("protocol.md"), encoding: .utf8)
    }

    /// The lines under `## heading`, up to the next `## `.
    static func section(_ heading: String, in doc: String) -> [Substring] {
        var lines: [Substring] = [], inside = false
        for line in doc.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") { inside = line == "## \(heading)"; continue }
            if inside { lines.append(line) }
        }
        return lines
    }

    static func paragraphs(_ lines: [Substring]) -> [String] {
        lines.split(whereSeparator: { $0.allSatisfy(\.isWhitespace) }).map { $0.joined(separator: " ") }
    }

    /// A table row's cells (a `\|` inside a cell is not a border).
    static func cells(_ row: Substring) -> [String] {
        var cells: [String] = [], cell = "", escaped = false
        for ch in row.dropFirst() {
            if escaped { cell.append(ch); escaped = false; continue }
            if ch == "\\" { escaped = true; cell.append(ch); continue }
            if ch == "|" { cells.append(cell.trimmingCharacters(in: .whitespaces)); cell = ""; continue }
            cell.append(ch)
        }
        return cells
    }

    /// The identifiers in backticks, in order (`` `time_ms` ``, `` `/join` ``; not `` `"chalkline"` `` or `` `1` ``).
    static func names(in text: String) -> [String] {
        text.matches(of: /`(\/?[a-z_]+)`/).map { String($0.1) }
    }

    /// `text` without what stands in parentheses (an aside, not a field).
    static func outsideParentheses(_ text: String) -> String {
        var out = "", depth = 0
        for ch in text {
            if ch == "(" { depth += 1 } else if ch == ")" { depth = max(0, depth - 1) } else if depth == 0 { out.append(ch) }
        }
        return out
    }

    /// A table's rows by their first cell's names (`/lock`, `/unlock` → `lock`, `unlock`): the
    /// fields the column lists (outside asides), and every name the row mentions there or in
    /// its notes (an event's "when": "adds `players`, `rank`").
    static func table(_ lines: [Substring], fieldsColumn: Int, notesColumn: Int? = nil) -> [String: (listed: [String], mentioned: Set<String>)] {
        var rows: [String: (listed: [String], mentioned: Set<String>)] = [:]
        for line in lines where line.hasPrefix("| `") {
            let c = cells(line)
            guard c.count > fieldsColumn else { continue }
            let fields = c[fieldsColumn]
            let notes = notesColumn.flatMap { c.indices.contains($0) ? c[$0] : nil } ?? ""
            let row = (listed: names(in: outsideParentheses(fields)).filter { !$0.hasPrefix("/") }, mentioned: Set(names(in: fields + " " + notes)))
            for key in c[0].matches(of: /`\/?([a-z_]+)/).map({ String($0.1) }) { rows[key] = rows[key] ?? row }
        }
        return rows
    }

    /// Each kind's section heading, from the kinds table: `[The pace race](#the-pace-race)`.
    static func kindSections(in doc: String) -> [String: String] {
        var out: [String: String] = [:]
        for line in section("Kinds of game", in: doc) where line.hasPrefix("| `") {
            let c = cells(line)
            if c.count == 3, let m = c[2].firstMatch(of: /\[([^\]]+)\]/) { out[names(in: c[0]).first ?? ""] = String(m.1) }
        }
        return out
    }

    /// The first option table of a section: each row's option names.
    static func optionRows(in lines: [Substring]) -> [[String]] {
        guard let header = lines.firstIndex(where: { $0.hasPrefix("| option |") }) else { return [] }
        return lines[(header + 2)...].prefix { $0.hasPrefix("|") }.map { names(in: cells($0)[0]) }
    }

    /// Each sentence of a section that says what `settings` echoes, as its list of names.
    static func echoLists(in lines: [Substring]) -> [[String]] {
        paragraphs(lines).flatMap { $0.components(separatedBy: ". ") }.compactMap { sentence in
            guard sentence.contains("`settings`"), let at = sentence.range(of: "echoes") else { return nil }
            let list = names(in: String(sentence[at.upperBound...]))
            return list.count > 1 ? list : nil
        }
    }

    // MARK: - Reading the server

    static func client(_ server: LiveServer, name: String? = nil) throws -> HarnessClient {
        let c = try server.connect()
        try c.skipWelcome()
        _ = try c.command("/format json")
        if let name { _ = try c.command("/name \(name)") }
        return c
    }

    /// The keys of a JSON line's object, in the order sent; of its member `at` when given.
    static func orderedKeys(of line: String, at member: String?) -> [String]? {
        guard var value = JSON.parse(line) else { return nil }
        if let member, let inner = value[member] { value = inner }
        guard case .object(let pairs) = value else { return nil }
        return pairs.map(\.0)
    }
}
