/// Chat, the host's `/set` and `/watch`: their handlers; `CommandTable.swift` has already
/// checked who may use each and how many words it takes.
extension ServerCore {
    /// `/say TEXT`: one line to everyone in the room. The host always gets through, so a
    /// teacher can mute the class and still make announcements.
    func say(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let (rest, session) = (call.rest, call.session)
        if session.watching != nil {
            throw ErrorReply("say", .notPlaying, Say("error.chat.watcher"))
        }
        guard let seat = session.seat else { throw ErrorReply("say", .notInRoom, Say("error.room.not_in")) }
        let room = seat.room
        let isHost = room.isHost(session)
        guard room.chatOn || isHost else { throw ErrorReply("say", .chatOff, Say("error.chat.off")) }
        // The budget first: a burst over it costs one bucket check a line, not a cleaning.
        guard isHost || room.takeChatLine(now: call.now) else {
            throw ErrorReply("say", .rateLimited, Say("error.chat.fast", count: config.roomChatLinesPerSecond),
                             extra: [("retry_ms", .int(Int(room.chatWaitMs(now: call.now))))])
        }
        let text = ChatText.clean(rest)
        guard !text.isEmpty else { throw ErrorReply("say", .badArgs, Say("error.args.use", ["usage": "/say TEXT"])) }
        out.send(OkReply("say", [], Say("text.chat.sent")), to: session)
        out.send(ChatEvent(name: seat.name, said: text, host: isHost), to: room.audience)
    }

    /// `/set key=value`: today only `chat=on|off`, at any time (a teacher mutes a noisy class
    /// mid-game too).
    func set(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let (args, session) = (call.args, call.session)
        let room = try hostRoom(session, "set")
        let options = CommandOptions(args)
        guard !options.pairs.isEmpty, options.positional.isEmpty, options.pairs.allSatisfy({ $0.key == "chat" }) else {
            throw ErrorReply("set", .badArgs, Say("error.set.use"))
        }
        var reader = try wrapOption { () throws(OptionError) in try OptionReader(options) }
        let chat = try wrapOption { () throws(OptionError) in try reader.read(RaceTiming.chatOption) }
        room.chatOn = chat
        out.send(OkReply("set", [("chat", .bool(chat))], Say(chat ? "text.chat.on" : "text.chat.off")),
                 to: session)
    }

    private func wrapOption<T>(_ body: () throws(OptionError) -> T) throws(ErrorReply) -> T {
        do { return try body() } catch { throw ErrorReply("set", .badArgs, error.say) }
    }

    /// `/watch CODE`: a second screen for the room. It hears every event but holds no seat.
    func watch(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let (args, session) = (call.args, call.session)
        guard let room = rooms[args[0].uppercased()] else {
            throw ErrorReply("watch", .noRoom, Say("error.room.none", ["room": .text(args[0].uppercased())]))
        }
        // A ban keeps the player off the second screen too: it would show the questions and chat.
        if room.isBanned(session) {
            throw ErrorReply("watch", .banned, Say("error.room.banned", ["room": .text(room.code)]))
        }
        guard room.watchers.count < Room.maxWatchers else {
            throw ErrorReply("watch", .roomFull, Say("error.watch.full", ["room": .text(room.code), "max": .int(Room.maxWatchers)]))
        }
        room.addWatcher(session)
        // A second screen shows the address the main screen shows, and a finished game's podium.
        let ended = room.lastGameEnded
        out.send(OkReply("watch", [("room", .string(room.code)), ("game", .string(room.race.kind)), ("state", .string(room.stateName)),
                                   ("players", room.playersJSON()), ("standings", .array(room.standings().map(\.json)))]
                             + (joinURL.map { [("join_url", JSON.string($0 + "?room=" + room.code))] } ?? [])
                             + (ended.map { [("last_game", JSON.string($0.game))] + ($0.teams.map { [("teams", $0)] } ?? []) } ?? []),
                         Say("text.watch.watching", ["room": .text(room.code), "game": .text(room.race.kind), "players": .say(Say("text.join.players", count: room.players.count))])),
                 to: session)
    }
}
