/// The command table and dispatch: every verb, who may use it, its words, its help, its handler.
/// Each command replies exactly once, then lets the room broadcast what it caused.
extension ServerCore {
    static let commands: [Command] = [
        Command(name: "name", access: .outsideRoom, arity: 1...1, arityError: (.badName, Names.ruleSay),
                usage: "/name NAME", run: { core, call, out throws(ErrorReply) in try core.name(call, &out) }),
        Command(name: "join", access: .outsideRoom, arity: 1...4, arityError: (.badArgs, Say("error.join.use")),
                takesSecret: true, usage: "/join CODE [NAME]",
                run: { core, call, out throws(ErrorReply) in try core.join(call, &out) }),
        Command(name: "names", access: .outsideRoom, arity: 1...1, takesSecret: true,
                usage: "/names CODE", run: { core, call, out throws(ErrorReply) in try core.names(call, &out) }),
        Command(name: "rejoin", access: .outsideRoom, arity: 2...2,
                arityError: (.badArgs, Say("error.rejoin.use")), takesSecret: true,
                usage: "/rejoin CODE TOKEN", run: { core, call, out throws(ErrorReply) in try core.rejoin(call, &out) }),
        Command(name: "comeback", access: .outsideRoom, arity: 2...2, arityError: (.badArgs, Say("error.comeback.use")), takesSecret: true,
                usage: "/comeback CODE NAME",
                run: { core, call, out throws(ErrorReply) in try core.comeback(call, &out) }),
        Command(name: "create", access: .outsideRoomOrHost, takesSecret: true,
                usage: "/create \(RaceCatalog.gameWord) [key=value ...]",
                run: { core, call, out throws(ErrorReply) in try core.create(call, &out) }),
        Command(name: "assign", access: .anyone, takesSecret: true,
                usage: "/assign GAME due=YYYY-MM-DDTHH:MM ...",
                run: { core, call, out throws(ErrorReply) in try core.assign(call, &out) }),
        Command(name: "assignments", access: .anyone, arity: 0...3, takesSecret: true, usage: "/assignments [close|extend]",
                run: { core, call, out throws(ErrorReply) in try core.assignmentsCommand(call, &out) }),
        Command(name: "teacher", access: .anyone, arity: 1...2, arityError: (.badArgs, Say("error.teacher.use")),
                takesSecret: true, usage: "/teacher SECRET",
                run: { core, call, out throws(ErrorReply) in try core.teacher(call, &out) }),
        Command(name: "leave", access: .anyone, arity: 0...0, usage: "/leave",
                run: { core, call, out throws(ErrorReply) in try core.leave(call, &out) }),
        Command(name: "answer", access: .anyone, usage: "/answer TEXT",
                run: { core, call, out throws(ErrorReply) in try core.answer(call, &out) }),
        Command(name: "next", access: .anyone, arity: 0...0, usage: "/next",
                run: { core, call, out throws(ErrorReply) in try core.next(call, &out) }),
        Command(name: "say", access: .anyone, usage: "/say TEXT",
                run: { core, call, out throws(ErrorReply) in try core.say(call, &out) }),
        Command(name: "watch", access: .notAudience, arity: 1...1, takesSecret: true, usage: "/watch CODE",
                run: { core, call, out throws(ErrorReply) in try core.watch(call, &out) }),
        Command(name: "scores", access: .audience, arity: 0...0, usage: "/scores", run: { core, call, out in core.scores(call, &out) }),
        Command(name: "who", access: .audience, arity: 0...1, usage: "/who [PAGE]",
                run: { core, call, out throws(ErrorReply) in try core.who(call, &out) }),
        Command(name: "rooms", access: .anyone, arity: 0...1, usage: "/rooms [PAGE]",
                run: { core, call, out throws(ErrorReply) in
                    out.send(core.roomsReply(page: try ListPage.requested(call.args, "rooms"), teacher: call.session.isTeacher), to: call.session)
                }),
        Command(name: "start", access: .host, arity: 0...0, usage: "/start", run: { core, call, out throws(ErrorReply) in try core.start(call, &out) }),
        Command(name: "stop", access: .host, arity: 0...0, usage: "/stop", run: { core, call, out throws(ErrorReply) in try core.stop(call, &out) }),
        Command(name: "skip", access: .host, arity: 0...0, usage: "/skip", run: { core, call, out throws(ErrorReply) in try core.skip(call, &out) }),
        Command(name: "kick", access: .host, arity: 1...1, usage: "/kick NAME",
                run: { core, call, out throws(ErrorReply) in try core.expel(call, ban: false, &out) }),
        Command(name: "ban", access: .host, arity: 1...1, usage: "/ban NAME",
                run: { core, call, out throws(ErrorReply) in try core.expel(call, ban: true, &out) }),
        Command(name: "letin", access: .host, arity: 2...3,
                arityError: (.badArgs, Say("error.letin.use")),
                usage: "/letin NAME NUMBER [no]",
                run: { core, call, out throws(ErrorReply) in try core.letIn(call, &out) }),
        Command(name: "lock", access: .host, arity: 0...0, usage: "/lock", run: { core, call, out in core.lock(call, true, &out) }),
        Command(name: "unlock", access: .host, arity: 0...0, usage: "/unlock", run: { core, call, out in core.lock(call, false, &out) }),
        Command(name: "report", access: .anyone, usage: "/report [SUBJECT ...] [csv]",
                run: { core, call, out throws(ErrorReply) in try core.report(call, &out) }),
        Command(name: "claim", access: .outsideRoom, arity: 2...2,
                arityError: (.badArgs, Say("error.claim.use")), takesSecret: true,
                usage: "/claim CODE HOST_KEY", run: { core, call, out throws(ErrorReply) in try core.claim(call, &out) }),
        Command(name: "format", access: .anyone, arity: 1...1, arityError: (.badArgs, Say("error.format.use")),
                usage: "/format text|json", run: { core, call, out throws(ErrorReply) in try core.format(call, &out) }),
        Command(name: "lang", access: .anyone, arity: 0...1, usage: "/lang [CODE]",
                run: { core, call, out throws(ErrorReply) in try core.lang(call, &out) }),
        Command(name: "set", access: .host, arity: 1...1, arityError: (.badArgs, Say("error.set.use")), usage: "/set chat=on|off",
                run: { core, call, out throws(ErrorReply) in try core.set(call, &out) }),
        // Every step of a question set under one word of its own (`ServerCore+Sets`), so `/set`
        // keeps one meaning and one access rule.
        Command(name: "sets", access: .anyone, usage: "/sets [show|new|add|...]",
                run: { core, call, out throws(ErrorReply) in try core.setsCommand(call, &out) }),
        // Every step of a class under one word, as sets have: the teacher's (`/teacher` first).
        Command(name: "class", access: .anyone, usage: "/class VERB ...",
                run: { core, call, out throws(ErrorReply) in try core.classCommand(call, &out) }),
        Command(name: "team", access: .anyone, arity: 1...1, arityError: (.badArgs, Say("error.team.use")),
                usage: "/team NAME", run: { core, call, out throws(ErrorReply) in try core.team(call, &out) }),
        Command(name: "teams", access: .audience, arity: 0...3, usage: "/teams [balance | rename OLD NEW]",
                run: { core, call, out throws(ErrorReply) in try core.teams(call, &out) }),
        Command(name: "ping", access: .anyone, arity: 0...0, usage: "/ping", run: { _, call, out in out.send(OkReply("ping", [], Say("text.ping.pong")), to: call.session) }),
        Command(name: "help", access: .anyone, arity: 0...2, usage: "/help [COMMAND]",
                run: { core, call, out throws(ErrorReply) in
                    let topic = call.args.first.map { String($0.lowercased().trimmingPrefix("/")) }
                    if let topic, commandsByName[topic] == nil {
                        throw ErrorReply("help", .unknownCommand, Say("error.command.unknown", ["verb": .text(Visible.shown(topic))]))
                    }
                    if let game = call.args.dropFirst().first, topic != "create" || RaceCatalog.kind(named: game) == nil {
                        throw ErrorReply("help", .badArgs, topic == "create"
                            ? Say("error.help.no_game", ["game": .text(game), "games": .text(RaceCatalog.names.joined(separator: ", "))])
                            : Say("error.help.use"))
                    }
                    let (detail, sets) = (call.args.dropFirst().first, core.questionSets)
                    // json's `text` stays English, as bots read it; people read their language.
                    out.send(HelpReply(topic: topic, detail: detail, sets: sets), to: call.session)
                }),
        Command(name: "catalog", access: .anyone, arity: 0...0, usage: "/catalog",
                run: { core, call, out in
                    let sets = core.questionSets
                    out.send(OkReply("catalog", [("kinds", OptionCatalog.json(sets: sets))], say: { OptionCatalog.text(sets: sets, in: $0) }),
                             to: call.session)
                }),
        Command(name: "packs", access: .anyone, arity: 0...0, usage: "/packs",
                run: { core, call, out in core.packs(call, &out) }),
        Command(name: "quit", access: .anyone, arity: 0...0, usage: "/quit", run: { _, call, out in
                    out.send(OkReply("quit", [], Say("text.quit.bye")), to: call.session)
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
                throw ErrorReply(verb, .unknownCommand, Say("error.command.unknown", ["verb": .text(Visible.shown(verb))]))
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
            let (code, message) = command.arityError ?? (.badArgs, Say("error.args.use", ["usage": .text(command.usage)]))
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
                throw ErrorReply(cmd, .alreadyInRoom, Say("error.room.already_in", ["room": .text(room.code)]))
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
            throw ErrorReply(cmd, .rateLimited, Say("error.guess.wait", ["wait": .say(Self.waitSay(wait))]),
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

    /// How long the guess limit holds an address, in words of the reader's language.
    static func waitSay(_ ms: Millis) -> Say {
        let seconds = max(1, Int((ms + 999) / 1000))
        return seconds < 90 ? Say("text.guess.seconds", count: seconds) : Say("text.guess.minutes", count: (seconds + 59) / 60)
    }

    // MARK: Access checks, also used by handlers that need the room they found

    func inRoom(_ session: Session, _ cmd: String) throws(ErrorReply) -> (Room, Seat) {
        guard let seat = session.seat else { throw ErrorReply(cmd, .notInRoom, Say("error.room.not_in")) }
        return (seat.room, seat)
    }

    func hostRoom(_ session: Session, _ cmd: String) throws(ErrorReply) -> Room {
        let (room, _) = try inRoom(session, cmd)
        guard room.isHost(session) else { throw ErrorReply(cmd, .notHost, Say("error.room.not_host", ["cmd": .text(cmd)])) }
        return room
    }

    func outsideRoom(_ session: Session, _ cmd: String) throws(ErrorReply) {
        if let room = session.room {
            throw ErrorReply(cmd, .alreadyInRoom, Say("error.room.in", ["room": .text(room.code)]))
        }
        if let room = session.watching {
            throw ErrorReply(cmd, .alreadyInRoom, Say("error.room.watching", ["room": .text(room.code)]))
        }
    }

    /// The room a player sits in or a watcher watches: read-only commands work for both.
    func audienceRoom(_ session: Session, _ cmd: String) throws(ErrorReply) -> Room {
        if let room = session.audienceRoom { return room }
        throw ErrorReply(cmd, .notInRoom, Say("error.room.not_in"))
    }
}
