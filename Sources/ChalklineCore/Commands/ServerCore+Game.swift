/// The game's commands: the host starts, stops and skips; players answer (the report after is `ServerCore+Reports`).
/// Like every handler in ServerCore+*.swift, each runs once `CommandTable` has checked who may
/// use the command and how many words it takes.
extension ServerCore {
    func start(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let room = try hostRoom(call.session, "start")
        guard !room.isRunning else { throw ErrorReply("start", .wrongState, Say("error.game.running")) }
        guard room.players.contains(where: \.connected) else {
            throw ErrorReply("start", .wrongState, Say("error.game.nobody", ["room": .text(room.code)]))
        }
        out.send(OkReply("start", [], Say("text.game.starting")), to: call.session)
        gamesStarted += 1
        room.start(now: call.now, serial: gamesStarted, freshSeed: random(), out: &out)
    }

    func stop(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let room = try hostRoom(call.session, "stop")
        guard room.isRunning else { throw ErrorReply("stop", .wrongState, Say("error.game.not_running")) }
        out.send(OkReply("stop", [], Say("text.game.stopping")), to: call.session)
        room.stop(out: &out)
    }

    func skip(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let room = try hostRoom(call.session, "skip")
        guard case .open = room.phase else { throw ErrorReply("skip", .noQuestion, Say("error.game.no_question")) }
        out.send(OkReply("skip", [], Say(room.race.roundNoun == "level" ? "text.game.skip_level" : "text.game.skip_question")), to: call.session)
        room.skip(now: call.now, out: &out)
    }

    func answer(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        if let watched = call.session.watching {
            throw ErrorReply("answer", .notPlaying, Say("error.game.watcher", ["room": .text(watched.code)]))
        }
        let (room, seat) = try inRoom(call.session, "answer")
        guard seat.plays else { throw ErrorReply("answer", .notPlaying, Say("error.game.hosting")) }
        let line = try AnswerLine(call.rest)
        room.answer(line.text, question: line.question, seat: seat, now: call.now, arrived: call.arrived, out: &out)
    }
}
