/// `/sets`' reply: every set `/create quiz set=NAME` can play, and the files left out with why.
/// A problem's `reason` is for the teacher reading the list (the page shows it), so, like an
/// error's `message`, it follows `/lang`; the json speaks only when there are problems.
struct SetsListReply: Message {
    var entries: [SetLibrary.Entry]
    var problems: [(name: String, problem: SetProblem)]

    var json: JSON { json(in: Languages.english) }

    var jsonSpeaks: Bool { !problems.isEmpty }

    func json(in l: Language) -> JSON {
        .object([
            EventType.ok.field, ("cmd", .string("sets")),
            ("sets", .array(entries.map { .object([("name", .string($0.set.name)), ("questions", .int($0.set.questions.count)),
                                                    ("source", .string($0.source.rawValue))]) })),
            ("problems", .array(problems.map { name, problem in
                .object([("set", .string(name)), ("file", .string(problem.file)), ("line", problem.line.map(JSON.int) ?? .null),
                         ("reason", .string(problem.reason(in: l)))])
            })),
        ])
    }

    func text(in l: Language) -> String {
        let width = min(entries.map(\.set.name.count).max() ?? 0, 24)
        var lines = [l(Say(entries.isEmpty ? "text.sets.none" : "text.sets.list"))]
        lines += entries.map { entry in
            "  \(TextFormat.pad(entry.set.name, width))  \(l(Say("text.sets.questions", count: entry.set.questions.count)))  (\(l(ServerCore.sourceWords(entry))))"
        }
        if !problems.isEmpty { lines += [l(Say("text.sets.left_out"))] + problems.map { "  \($0.problem.description(in: l))" } }
        return lines.joined(separator: "\n")
    }
}
