/// The command table and dispatch: every verb, who may use it, its words, its help, its handler.
/// Each command replies exactly once, then lets the room broadcast what it caused.
extension ServerCore {
    static let commands: [Command] = [
        Command(name: "name", access: .outsideRoom, arity: 1...1, arityError: (.badName, Names.rule),
                usage: "/name NAME", help: "Choose your name, before joining a room. 1 to \(Limits.nameCharacters) letters or digits of one alphabet, _ - or . and no spaces.",
                run: { core, call, out throws(ErrorReply) in try core.name(call, &out) }),
        Command(name: "join", access: .outsideRoom, arity: 1...4, arityError: (.badArgs, "Use /join CODE or /join CODE NAME."),
                takesSecret: true, usage: "/join CODE [NAME]",
                help: "Join the room with that 4-letter code.\nA program playing adds the word bot: /join CODE NAME bot, so reports can leave it out of the class's figures.\nA room made for a class takes only the class's names (/names CODE lists them); where the class has picture codes, add your three digits: /join CODE NAME 374.",
                run: { core, call, out throws(ErrorReply) in try core.join(call, &out) }),
        Command(name: "names", access: .outsideRoom, arity: 1...1, arityError: (.badArgs, "Use /names CODE."), takesSecret: true,
                usage: "/names CODE", help: "The names of a class's room (or homework).\nJoin as yours: /join CODE NAME.\nWhere the class has picture codes, add your three digits: /join CODE NAME 374.",
                run: { core, call, out throws(ErrorReply) in try core.names(call, &out) }),
        Command(name: "rejoin", access: .outsideRoom, arity: 2...2,
                arityError: (.badArgs, "Use /rejoin CODE TOKEN (the token came with your join)."), takesSecret: true,
                usage: "/rejoin CODE TOKEN", help: "Get your seat back after a dropped connection. The TOKEN came with /join.",
                run: { core, call, out throws(ErrorReply) in try core.rejoin(call, &out) }),
        Command(name: "comeback", access: .outsideRoom, arity: 2...2, arityError: (.badArgs, "Use /comeback CODE NAME."), takesSecret: true,
                usage: "/comeback CODE NAME",
                help: "On a new device: ask the host for your seat back. Your score and team come with it.\nWhen nobody has NAME it just joins. No token needed: the host decides.",
                run: { core, call, out throws(ErrorReply) in try core.comeback(call, &out) }),
        Command(name: "create", access: .outsideRoomOrHost, takesSecret: true,
                usage: "/create \(RaceCatalog.gameWord) [key=value ...]",
                help: (["Open a room and host it.", "Add password=PASSWORD if the server asks for one.",
                        "The teacher (after /teacher) adds class=4B for a class's room: only its students join, each by their name (/class)."]
                       + (RaceCatalog.names.count > 2 ? ["Games: \(RaceCatalog.names.joined(separator: ", ")). /help create GAME tells one."] : [])
                       + RaceCatalog.kinds.map { "\($0.name) options: \(Help.tokens($0))." }).joined(separator: "\n"),
                run: { core, call, out throws(ErrorReply) in try core.create(call, &out) }),
        Command(name: "assign", access: .anyone, takesSecret: true,
                usage: "/assign GAME due=YYYY-MM-DDTHH:MM ...",
                help: ["Set homework, played alone. Whoever joins its code before the due time (the server's time zone) plays at their own pace.",
                       "attempts=1 (the default) gives one try; attempts=N up to N tries and attempts=best as many as they like: the best try counts.",
                       "GAME and its options are /create's. Set from your room's lobby, its players are the class the report checks off.",
                       "The teacher (after /teacher) adds class=4B: the class's students are the ones checked off, and only they join."]
                    .joined(separator: "\n"),
                run: { core, call, out throws(ErrorReply) in try core.assign(call, &out) }),
        Command(name: "assignments", access: .anyone, arity: 0...3, takesSecret: true, usage: "/assignments [close|extend]",
                help: ["Your open homework (after /teacher: all of it). Each with its code, game, due time, and how many have started and finished.",
                       "/assignments close CODE: no new tries from now (a try under way may finish). /assignments extend CODE due=YYYY-MM-DDTHH:MM: a new due time. For homework you set, or any after /teacher."]
                    .joined(separator: "\n"),
                run: { core, call, out throws(ErrorReply) in try core.assignmentsCommand(call, &out) }),
        Command(name: "teacher", access: .anyone, arity: 1...2, arityError: (.badArgs, "Use /teacher SECRET (it is printed when the server starts)."),
                takesSecret: true, usage: "/teacher SECRET",
                help: ["Open the teacher's desk on this connection.",
                       "Classes, past games (/report games), progress and every homework.",
                       "SECRET is printed when the server starts (or is the --create-password).",
                       "After it, /create and /assign need no password=."]
                    .joined(separator: "\n"),
                run: { core, call, out throws(ErrorReply) in try core.teacher(call, &out) }),
        Command(name: "leave", access: .anyone, arity: 0...0, usage: "/leave", help: "Leave your room.",
                run: { core, call, out throws(ErrorReply) in try core.leave(call, &out) }),
        Command(name: "answer", access: .anyone, usage: "/answer TEXT",
                help: "Answer the question, or spell a word on the board. Any line that does not start with / is an answer too.",
                run: { core, call, out throws(ErrorReply) in try core.answer(call, &out) }),
        Command(name: "next", access: .anyone, arity: 0...0, usage: "/next",
                help: "Homework: the next question now. After each answer the right answer shows for a few seconds; /next skips the wait.",
                run: { core, call, out throws(ErrorReply) in try core.next(call, &out) }),
        Command(name: "say", access: .anyone, usage: "/say TEXT",
                help: "Send a line to everyone in your room. The host can turn this off for players.",
                run: { core, call, out throws(ErrorReply) in try core.say(call, &out) }),
        Command(name: "watch", access: .notAudience, arity: 1...1, arityError: (.badArgs, "Use /watch CODE."), takesSecret: true, usage: "/watch CODE",
                help: "Watch a room without playing, for a second screen. /leave to stop.",
                run: { core, call, out throws(ErrorReply) in try core.watch(call, &out) }),
        Command(name: "scores", access: .audience, arity: 0...0, usage: "/scores", help: "The room's standings.",
                run: { core, call, out in core.scores(call, &out) }),
        Command(name: "who", access: .audience, arity: 0...1, usage: "/who [PAGE]",
                help: "Who is in the room. A big room is listed \(Limits.listPage) at a time: /who 2 for the next page.",
                run: { core, call, out throws(ErrorReply) in try core.who(call, &out) }),
        Command(name: "rooms", access: .anyone, arity: 0...1, usage: "/rooms [PAGE]",
                help: "The open rooms. Listed \(Limits.listPage) at a time: /rooms 2 for the next page.",
                run: { core, call, out throws(ErrorReply) in
                    out.send(core.roomsReply(page: try ListPage.requested(call.args, "rooms"), teacher: call.session.isTeacher), to: call.session)
                }),
        Command(name: "start", access: .host, arity: 0...0, usage: "/start", help: "Host: start the game.",
                run: { core, call, out throws(ErrorReply) in try core.start(call, &out) }),
        Command(name: "stop", access: .host, arity: 0...0, usage: "/stop", help: "Host: end the game now.",
                run: { core, call, out throws(ErrorReply) in try core.stop(call, &out) }),
        Command(name: "skip", access: .host, arity: 0...0, usage: "/skip", help: "Host: close the open question (or level) now.",
                run: { core, call, out throws(ErrorReply) in try core.skip(call, &out) }),
        Command(name: "kick", access: .host, arity: 1...1, arityError: (.badArgs, "Use /kick NAME."), usage: "/kick NAME",
                help: "Host: remove a player. They may come back, but only under another name.",
                run: { core, call, out throws(ErrorReply) in try core.expel(call, ban: false, &out) }),
        Command(name: "ban", access: .host, arity: 1...1, arityError: (.badArgs, "Use /ban NAME."), usage: "/ban NAME",
                help: "Host: remove a player for good. Name, connection and token are refused, watching too.",
                run: { core, call, out throws(ErrorReply) in try core.expel(call, ban: true, &out) }),
        Command(name: "letin", access: .host, arity: 2...3,
                arityError: (.badArgs, "Use /letin NAME NUMBER or /letin NAME NUMBER no: the number is on the student's screen."),
                usage: "/letin NAME NUMBER [no]",
                help: "Host: let a /comeback player back in. Their seat, score and team move to the new device.\n"
                    + "NUMBER is the check number on their screen (and in the request): check it, since anyone may ask under a name.\n"
                    + "/letin NAME NUMBER no refuses.",
                run: { core, call, out throws(ErrorReply) in try core.letIn(call, &out) }),
        Command(name: "lock", access: .host, arity: 0...0, usage: "/lock", help: "Host: let no new players in. Players in the room can still /rejoin.",
                run: { core, call, out in core.lock(call, true, &out) }),
        Command(name: "unlock", access: .host, arity: 0...0, usage: "/unlock", help: "Host: let new players join again.",
                run: { core, call, out in core.lock(call, false, &out) }),
        Command(name: "report", access: .anyone, usage: "/report [SUBJECT ...] [csv]",
                help: ["Host, after a game: its saved report. Standings, accuracy, every answer.",
                       "The teacher (after /teacher SECRET) reads the results database:",
                       "/report games [class=4B] [from=YYYY-MM-DD] [to=YYYY-MM-DD] [limit=N]",
                       "/report game ID, /report assignments [class=4B], /report assignment CODE",
                       "/report class 4B [from=..] [to=..]",
                       "/report player NAME [class=4B] [from=..] [to=..]",
                       "Add csv last for CSV, as chalkline-server report --csv writes it.",
                       "Dates are the server's days, both included."]
                    .joined(separator: "\n"),
                run: { core, call, out throws(ErrorReply) in try core.report(call, &out) }),
        Command(name: "claim", access: .outsideRoom, arity: 2...2,
                arityError: (.badArgs, "Use /claim CODE HOST_KEY (the host_key came with /create)."), takesSecret: true,
                usage: "/claim CODE HOST_KEY", help: "Host: take your room back from a new connection. The key came from /create.",
                run: { core, call, out throws(ErrorReply) in try core.claim(call, &out) }),
        Command(name: "format", access: .anyone, arity: 1...1, arityError: (.badArgs, "Use /format text or /format json."),
                usage: "/format text|json", help: "Text for people, or JSON lines for bots. json is one JSON object a line.",
                run: { core, call, out throws(ErrorReply) in try core.format(call, &out) }),
        Command(name: "lang", access: .anyone, arity: 0...1, usage: "/lang [CODE]",
                help: "Choose the language of the server's messages: /lang fr. /lang alone lists the languages.",
                run: { core, call, out throws(ErrorReply) in try core.lang(call, &out) }),
        Command(name: "set", access: .host, arity: 1...1, arityError: (.badArgs, "Use /set chat=on or /set chat=off."), usage: "/set chat=on|off",
                help: "Host: mute players or let them /say, mid-game too. Your own /say always goes out.",
                run: { core, call, out throws(ErrorReply) in try core.set(call, &out) }),
        // Every step of a question set under one word of its own (`ServerCore+Sets`), so `/set`
        // keeps one meaning and one access rule.
        Command(name: "sets", access: .anyone, usage: "/sets [show|new|add|...]",
                help: ["The question sets /create quiz set=NAME plays. Each with its questions and where it is from; files left out, with why.",
                       "/sets show NAME gives a set's questions (add password=... if the server asks for one to open rooms).",
                       "Saving one, as the teacher page does: /sets new NAME starts it (password=... as for show);",
                       #"/sets add ["question,answer","Capital of France?,Paris"] adds lines of a set file (CSV with a question,answer header, or term<TAB>definition lines),"#,
                       "or /sets add LINE one line; /sets save checks and stores it, /sets cancel drops it.",
                       "/sets delete NAME deletes a saved one."].joined(separator: "\n"),
                run: { core, call, out throws(ErrorReply) in try core.setsCommand(call, &out) }),
        // Every step of a class under one word, as sets have: the teacher's (`/teacher` first).
        Command(name: "class", access: .anyone, usage: "/class VERB ...",
                help: ["The teacher's classes. Send /teacher SECRET first; names follow /name's rules.",
                       "/class list lists them; /class list 4B shows one, with each student's picture code.",
                       "/class add 4B Ana Bo Cy adds students (and makes 4B if it is new); /class remove 4B Cy takes one off.",
                       "/class rename 4B Cy Cyrus renames a student; /class rename 4B 5B the class.",
                       "/class codes 4B on gives each student a picture code (three digits 1-9, for the pictures on the join page); new gives everyone a new one; off stops asking.",
                       "/class delete 4B deletes it. /create GAME class=4B and /assign GAME class=4B ... are then for 4B's students only."].joined(separator: "\n"),
                run: { core, call, out throws(ErrorReply) in try core.classCommand(call, &out) }),
        Command(name: "team", access: .anyone, arity: 1...1, arityError: (.badArgs, "Use /team NAME (/teams lists the teams)."),
                usage: "/team NAME", help: "Join a team, in the lobby of a room with teams. NAME is the team's name or number; /teams lists them.\nWhoever has not picked a team by /start goes to the smallest one.",
                run: { core, call, out throws(ErrorReply) in try core.team(call, &out) }),
        Command(name: "teams", access: .audience, arity: 0...3, usage: "/teams [balance | rename OLD NEW]",
                help: "The room's teams and who is on each.\nHost: /teams balance spreads the players evenly (those without a team first, others keep theirs where they can), in the lobby. /teams rename OLD NEW renames a team.",
                run: { core, call, out throws(ErrorReply) in try core.teams(call, &out) }),
        Command(name: "ping", access: .anyone, arity: 0...0, usage: "/ping", help: "Check the connection: the server answers pong.",
                run: { _, call, out in out.send(OkReply("ping", text: "pong"), to: call.session) }),
        Command(name: "help", access: .anyone, arity: 0...2, usage: "/help [COMMAND]",
                help: "This list, or more about one command. /help create GAME: one game's options.",
                run: { core, call, out throws(ErrorReply) in
                    let topic = call.args.first.map { String($0.lowercased().trimmingPrefix("/")) }
                    if let topic, commandsByName[topic] == nil {
                        throw ErrorReply("help", .unknownCommand, "There is no command /\(Visible.shown(topic)). Type /help for the list.")
                    }
                    if let game = call.args.dropFirst().first, topic != "create" || RaceCatalog.kind(named: game) == nil {
                        throw ErrorReply("help", .badArgs, topic == "create"
                            ? "There is no game \"\(game)\". Games: \(RaceCatalog.names.joined(separator: ", "))."
                            : "Use /help or /help COMMAND.")
                    }
                    let text = Help.text(topic, call.args.dropFirst().first, sets: core.questionSets, in: call.session.language)
                    out.send(OkReply("help", [("text", .string(text))], text: text), to: call.session)
                }),
        Command(name: "catalog", access: .anyone, arity: 0...0, usage: "/catalog",
                help: "Every game and its options. In json, each option's type, range or choices, default and help, for a program building a create form.",
                run: { core, call, out in
                    let sets = core.questionSets
                    out.send(OkReply("catalog", [("kinds", OptionCatalog.json(sets: sets))], text: OptionCatalog.text(sets: sets)),
                             to: call.session)
                }),
        Command(name: "packs", access: .anyone, arity: 0...0, usage: "/packs",
                help: "The word-puzzle packs. Each with its number of levels.",
                run: { core, call, out in core.packs(call, &out) }),
        Command(name: "quit", access: .anyone, arity: 0...0, usage: "/quit", help: "Say goodbye and disconnect.",
                run: { _, call, out in
                    out.send(OkReply("quit", text: "Goodbye!"), to: call.session)
                    call.session.closing = true
                    out.close(call.session)
                }),
    ]

    static let commandsByName: [String: Command] = Dictionary(uniqueKeysWithValues: commands.map { ($0.name, $0) })

    func handle(_ line: ClientLine, from session: Session, now: Millis, arrived: Millis, out: inout Outbox) {
        guard case let .command(verb, rest) = line else { return }
        let wasIn = session.audienceRoom
        defer { if wasIn != nil || session.askedComeback != nil { settleComebacks(after: session, in: wasIn, &out) } }
        do throws(ErrorReply) {
            guard let command = Self.commandsByName[verb] else {
                throw ErrorReply(verb, .unknownCommand, "There is no command /\(Visible.shown(verb)). Type /help for the list.")
            }
            let call = Command.Call(verb: verb, rest: rest, session: session, now: now, arrived: arrived)
            if command.takesSecret {
                try guessing(verb, session, now) { () throws(ErrorReply) in try run(command, call, &out) }
            } else {
                try run(command, call, &out)
            }
        } catch {
            out.send(error, to: session)
        }
    }

    private func run(_ command: Command, _ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        try checkAccess(command.access, call.session, command.name)
        if let arity = command.arity, !arity.contains(call.args.count) {
            let (code, message) = command.arityError ?? (.badArgs, "Use \(command.usage).")
            throw ErrorReply(command.name, code, message)
        }
        try command.run(self, call, &out)
    }

    private func checkAccess(_ access: Command.Access, _ session: Session, _ cmd: String) throws(ErrorReply) {
        switch access {
        case .anyone: break
        case .outsideRoom: try outsideRoom(session, cmd)
        case .outsideRoomOrHost:
            if let room = session.room, room.homework == nil, room.isHost(session) { break }
            try outsideRoom(session, cmd)
        case .notAudience:
            if let room = session.audienceRoom {
                throw ErrorReply(cmd, .alreadyInRoom, "You are already in room \(room.code). /leave it first.")
            }
        case .audience: _ = try audienceRoom(session, cmd)
        case .host: _ = try hostRoom(session, cmd)
        }
    }

    /// Commands that take a secret or a room code: once an address (or the server) has made too
    /// many wrong ones, its further attempts are refused unchecked (`GuessLimiter`), whatever
    /// connection they come on, so room codes, tokens, host keys and the create password cannot
    /// be found by trying them all.
    func guessing(_ cmd: String, _ session: Session, _ now: Millis,
                          _ body: () throws(ErrorReply) -> Void) throws(ErrorReply) {
        if let wait = guesses.wait(session.address, now: now) {
            throw ErrorReply(cmd, .rateLimited,
                             "Too many wrong room codes, tokens or passwords from your address: wait \(TextFormat.wait(wait)), then check the code with your host.",
                             extra: [("retry_ms", .int(Int(wait)))])
        }
        do {
            try body()
        } catch {
            switch error.code {
            case .noRoom, .badToken, .badKey, .badPassword:
                guesses.recordFailure(session.address, now: now)
            default: break
            }
            throw error
        }
    }

    // MARK: Access checks, also used by handlers that need the room they found

    func inRoom(_ session: Session, _ cmd: String) throws(ErrorReply) -> (Room, Seat) {
        guard let seat = session.seat else { throw ErrorReply(cmd, .notInRoom, "You are not in a room. /join CODE first.") }
        return (seat.room, seat)
    }

    func hostRoom(_ session: Session, _ cmd: String) throws(ErrorReply) -> Room {
        let (room, _) = try inRoom(session, cmd)
        guard room.isHost(session) else { throw ErrorReply(cmd, .notHost, "Only the host can /\(cmd).") }
        return room
    }

    func outsideRoom(_ session: Session, _ cmd: String) throws(ErrorReply) {
        if let room = session.room {
            throw ErrorReply(cmd, .alreadyInRoom, "You are in room \(room.code). /leave it first.")
        }
        if let room = session.watching {
            throw ErrorReply(cmd, .alreadyInRoom, "You are watching room \(room.code). /leave it first.")
        }
    }

    /// The room a player sits in or a watcher watches: read-only commands work for both.
    func audienceRoom(_ session: Session, _ cmd: String) throws(ErrorReply) -> Room {
        if let room = session.audienceRoom { return room }
        throw ErrorReply(cmd, .notInRoom, "You are not in a room. /join CODE first.")
    }
}
