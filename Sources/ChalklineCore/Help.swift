/// `/help` and `/help VERB`: the same words a student at netcat and a bot author both read.
enum Help {
    static let topics: [(verb: String, usage: String, about: String)] = [
        ("name", "/name NAME", "Choose your name, before joining a room. 1 to 16 letters, digits, _ - or . and no spaces."),
        ("join", "/join CODE [NAME]", "Join the room with that 4-letter code."),
        ("rejoin", "/rejoin CODE TOKEN", "Get your seat back after a dropped connection. The TOKEN came with /join."),
        ("create", "/create times|words [key=value ...]",
         "Open a room and host it.\nAdd password=PASSWORD if the server asks for one.\ntimes options: table=all|7|3-5|3,4,8 max=12 order=normal|random rounds=20 time=10 gap=3 countdown=3 seed=N play=yes|no streak=on|off late=yes|no chat=on|off.\nwords options: pack=builtin level=1 levels=N (default: the rest of the pack) time=180 gap=3 countdown=3 seed=N play=yes|no late=yes|no chat=on|off."),
        ("leave", "/leave", "Leave your room."),
        ("answer", "/answer TEXT", "Answer the question, or spell a word on the board. Any line that does not start with / is an answer too."),
        ("say", "/say TEXT", "Send a line to everyone in your room. The host can turn this off for players."),
        ("watch", "/watch CODE", "Watch a room without playing, for a second screen. /leave to stop."),
        ("scores", "/scores", "The room's standings."),
        ("who", "/who", "Who is in the room."),
        ("rooms", "/rooms", "The open rooms."),
        ("start", "/start", "Host: start the game."),
        ("stop", "/stop", "Host: end the game now."),
        ("skip", "/skip", "Host: close the open question (or level) now."),
        ("kick", "/kick NAME", "Host: remove a player. They may come back, but only under another name."),
        ("ban", "/ban NAME", "Host: remove a player for good. Name, connection and token are refused."),
        ("lock", "/lock", "Host: let no new players in. Players in the room can still /rejoin."),
        ("unlock", "/unlock", "Host: let new players join again."),
        ("report", "/report", "Host, after a game: its saved report. Standings, accuracy, every answer."),
        ("claim", "/claim CODE HOST_KEY", "Host: take your room back from a new connection. The key came from /create."),
        ("format", "/format text|json", "Text for people, or JSON lines for bots. json is one JSON object a line."),
        ("set", "/set chat=on|off", "Host, in the lobby: let players /say, or mute them. Your own /say always goes out."),
        ("ping", "/ping", "Check the connection: the server answers pong."),
        ("help", "/help [COMMAND]", "This list, or more about one command."),
        ("quit", "/quit", "Say goodbye and disconnect."),
    ]

    /// Read at an 80-column netcat: the list is one line a command (each summary fits), and one
    /// command's text is word-wrapped under its usage line.
    static func text(_ topic: String?) -> String {
        if let topic, let entry = topics.first(where: { $0.verb == topic.lowercased() }) {
            let paragraphs = entry.about.split(separator: "\n").map { $0.trimmingBlanks() }
            return ([entry.usage] + paragraphs.flatMap { WordsText.wrap($0, prefix: "  ") }).joined(separator: "\n")
        }
        let width = topics.map(\.usage.count).max() ?? 0
        let lines = topics.map { "  " + TextFormat.pad($0.usage, min(width, 24)) + "  " + firstSentence($0.about) }
        return (["Commands (type /help COMMAND for more):"] + lines).joined(separator: "\n")
    }

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
