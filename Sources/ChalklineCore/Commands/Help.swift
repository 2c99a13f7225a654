/// `/help` and `/help VERB`: the same words a student at netcat and a bot author both read.
enum Help {
    /// `/help`'s topics: the command table, in its order.
    static var topics: [(verb: String, usage: String, about: String)] {
        ServerCore.commands.map { ($0.name, $0.usage, $0.help) }
    }

    /// Read at an 80-column netcat: the list is one line a command (each summary fits), and one
    /// command's text is word-wrapped under its usage line.
    static func text(_ topic: String?, _ detail: String? = nil, sets: SetLibrary? = nil, in language: Language = Languages.english) -> String {
        if topic?.lowercased() == "create", let detail, let kind = RaceCatalog.kind(named: detail) {
            return kindText(kind, sets: sets, in: language)
        }
        if let topic, let entry = topics.first(where: { $0.verb == topic.lowercased() }) {
            let paragraphs = entry.about.split(separator: "\n").map { $0.trimmingBlanks() }
            return ([entry.usage] + paragraphs.flatMap { WordsText.wrap($0, prefix: "  ") }).joined(separator: "\n")
        }
        let width = topics.map(\.usage.count).max() ?? 0
        let lines = topics.map { "  " + TextFormat.pad($0.usage, min(width, 24)) + "  " + firstSentence($0.about) }
        return (["Commands (type /help COMMAND for more):"] + lines).joined(separator: "\n")
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
