/// `/help` and `/help VERB`: the same words a student at netcat and a bot author both read, in
/// the reader's language. A command's text is the catalog's `help.VERB`; usage lines are typed
/// words and stay as they are.
enum Help {
    /// `/help`'s topics: the command table, in its order, in English.
    static var topics: [(verb: String, usage: String, about: String)] {
        ServerCore.commands.map { ($0.name, $0.usage, about($0.name, in: Languages.english)) }
    }

    /// `help.VERB`, with the numbers some of them name (a name's length, a list's page). `/create`'s
    /// own text is followed by its games and each game's options, which the catalog decides.
    static func about(_ verb: String, in language: Language) -> String {
        let text = language(Say("help." + verb, ["max": .int(Limits.nameCharacters), "page": .int(Limits.listPage)]))
        guard verb == "create" else { return text }
        let names = RaceCatalog.names
        let games = names.count > 2 ? [language(Say("help.create.games", ["games": .text(names.joined(separator: ", "))]))] : []
        let options = RaceCatalog.kinds.map { language(Say("help.create.options", ["game": .text($0.name), "options": .text(tokens($0))])) }
        return ([text] + games + options).joined(separator: "\n")
    }

    /// `/help`, `/help VERB` or `/help create KIND` in `language`.
    static func text(_ topic: String?, _ detail: String? = nil, sets: SetLibrary? = nil,
                     in language: Language = Languages.english) -> String {
        if topic?.lowercased() == "create", let detail, let kind = RaceCatalog.kind(named: detail) {
            return kindText(kind, sets: sets, in: language)
        }
        let verb = topic.map { $0.lowercased() }.flatMap { ServerCore.commandsByName[$0] == nil ? nil : $0 }
        return written[language.code]?[verb ?? ""] ?? write(verb, in: language)
    }

    /// `/help` and `/help VERB` never change while the server runs (the command table and the
    /// catalogs are compiled in), so each language's are written once, the first time anyone
    /// asks, and a `/help` is a lookup again, as before the catalogs. Written each time, one cost
    /// ~0.7 ms in a debug build, and a reader that sends thousands without reading held the loop
    /// for seconds (WebSocketTests' slow reader).
    private static let written: [String: [String: String]] = Dictionary(uniqueKeysWithValues: Languages.all.map { l in
        (l.code, Dictionary(uniqueKeysWithValues: [("", write(nil, in: l))] + ServerCore.commands.map { ($0.name, write($0.name, in: l)) }))
    })

    /// Read at an 80-column netcat: the list is one line a command (each summary fits), and one
    /// command's text is word-wrapped under its usage line.
    private static func write(_ verb: String?, in language: Language) -> String {
        if let verb, let command = ServerCore.commandsByName[verb] {
            let paragraphs = about(command.name, in: language).split(separator: "\n").map { $0.trimmingBlanks() }
            return ([command.usage] + paragraphs.flatMap { WordsText.wrap($0, prefix: "  ") }).joined(separator: "\n")
        }
        let commands = ServerCore.commands
        let width = commands.map(\.usage.count).max() ?? 0
        // A summary too long for its line (German runs longer than English) goes on under itself.
        let lines = commands.flatMap {
            WordsText.wrap(firstSentence(about($0.name, in: language)), prefix: "  " + TextFormat.pad($0.usage, min(width, 24)) + "  ")
        }
        return ([language(Say("text.help.list"))] + lines).joined(separator: "\n")
    }

    /// `/help create KIND`: the kind, what it is, and every option it takes, one a line, all
    /// from the kind's declared options.
    /// With `sets`, a kind that plays them ends with the sets this server has now.
    /// In another language than English, the summary and each option's words are the create
    /// form's (`option.*`), so a teacher at a terminal reads what the page says.
    static func kindText(_ kind: RaceKind, sets: SetLibrary? = nil, in language: Language = Languages.english) -> String {
        let summary = language.code == Languages.english.code ? kind.summary : language.text("option.\(kind.name).summary")
        var lines = ["/create \(kind.name) [key=value ...]", "  \(summary)", "  " + language.text("text.help.create_options")]
        lines += kind.options.flatMap { $0.helpLines(kind: kind.name, in: language) }
        if let sets, kind.options.contains(where: { $0.offers == .questionSets }) {
            lines += WordsText.wrap(SetQuiz.setsHere(sets), prefix: "  ")
        }
        return lines.joined(separator: "\n")
    }

    /// One word an option, `table=all max=12 order=normal|random ...`: `/help create`'s line
    /// for a kind.
    static func tokens(_ kind: RaceKind) -> String { kind.options.map(\.token).joined(separator: " ") }

    /// Up to the first dot that ends a sentence (before a space, a line break or the end), so a
    /// dot inside brackets or a name rule does not cut a summary short.
    static func firstSentence(_ s: String) -> String {
        var index = s.startIndex
        while index < s.endIndex {
            let next = s.index(after: index)
            if s[index] == ".", next == s.endIndex || s[next] == " " || s[next] == "\n" { return String(s[...index]) }
            index = next
        }
        return s
    }
}
