/// `/help` and `/help VERB`: the same words a student at netcat and a bot author both read.
enum Help {
    static let topics: [(verb: String, usage: String, about: String)] = [
        ("name", "/name NAME", "Choose your name (1-16 letters, digits, _ - .), before joining a room."),
        ("join", "/join CODE [NAME]", "Join the room with that 4-letter code."),
        ("rejoin", "/rejoin CODE TOKEN", "Get your seat back after a dropped connection (the token came with /join)."),
        ("create", "/create times|words [key=value ...]",
         "Open a room and host it. times options: table=all|7|3-5|3,4,8 max=12 order=normal|random rounds=20 time=10 gap=3 countdown=3 seed=N play=yes|no streak=on|off late=yes|no.\n  words options: pack=builtin level=1 levels=N (default: the rest of the pack) time=180 gap=3 countdown=3 seed=N play=yes|no late=yes|no."),
        ("leave", "/leave", "Leave your room."),
        ("answer", "/answer TEXT", "Answer the open question, or spell a word on the board (any line that does not start with / is an answer too)."),
        ("scores", "/scores", "The room's standings."),
        ("who", "/who", "Who is in the room."),
        ("rooms", "/rooms", "The open rooms."),
        ("start", "/start", "Host: start the game."),
        ("stop", "/stop", "Host: end the game now."),
        ("skip", "/skip", "Host: close the open question now."),
        ("kick", "/kick NAME", "Host: remove a player from the room."),
        ("report", "/report", "Host: the saved report of the game just played (standings, accuracy, every question)."),
        ("format", "/format text|json", "Choose readable text or one JSON object a line (for bots)."),
        ("ping", "/ping", "Check the connection: the server answers pong."),
        ("help", "/help [COMMAND]", "This list, or more about one command."),
        ("quit", "/quit", "Say goodbye and disconnect."),
    ]

    static func text(_ topic: String?) -> String {
        if let topic, let entry = topics.first(where: { $0.verb == topic.lowercased() }) {
            return "\(entry.usage)\n  \(entry.about)"
        }
        let width = topics.map(\.usage.count).max() ?? 0
        let lines = topics.map { "  " + TextFormat.pad($0.usage, min(width, 24)) + "  " + firstSentence($0.about) }
        return (["Commands (type /help COMMAND for more):"] + lines).joined(separator: "\n")
    }

    private static func firstSentence(_ s: String) -> String {
        guard let dot = s.firstIndex(of: ".") else { return s }
        return String(s[...dot])
    }
}
