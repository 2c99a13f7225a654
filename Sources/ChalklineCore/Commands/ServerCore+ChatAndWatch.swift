/// Chat, the host's `/set` and `/watch`: their handlers; `CommandTable.swift` has already
/// checked who may use each and how many words it takes.
extension ServerCore {
    /// `/say TEXT`: one line to everyone in the room. The host always gets through, so a
    /// teacher can mute the class and still make announcements.
    func say(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let (rest, session) = (call.rest, call.session)
        if session.watching != nil {
            throw ErrorReply("say", .notPlaying, "You are watching this room; watchers cannot chat.")
        }
        guard let seat = session.seat else { throw ErrorReply("say", .notInRoom, "You are not in a room. /join CODE first.") }
        let room = seat.room
        let isHost = room.isHost(session)
        guard room.chatOn || isHost else { throw ErrorReply("say", .chatOff, "The host has turned chat off in this room.") }
        // The budget first: a burst over it costs one bucket check a line, not a cleaning.
        guard isHost || room.takeChatLine(now: call.now) else {
            throw ErrorReply("say", .rateLimited, "The room is chatting faster than \(config.roomChatLinesPerSecond) lines a second: that line was not sent.",
                             extra: [("retry_ms", .int(Int(room.chatWaitMs(now: call.now))))])
        }
        let text = ChatText.clean(rest)
        guard !text.isEmpty else { throw ErrorReply("say", .badArgs, "Use /say TEXT.") }
        out.send(OkReply("say", text: "(sent)"), to: session)
        out.send(ChatEvent(name: seat.name, said: text, host: isHost), to: room.audience)
    }

    /// `/set key=value`: today only `chat=on|off`, at any time (a teacher mutes a noisy class
    /// mid-game too).
    func set(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let (args, session) = (call.args, call.session)
        let room = try hostRoom(session, "set")
        let options = CommandOptions(args)
        guard !options.pairs.isEmpty, options.positional.isEmpty, options.pairs.allSatisfy({ $0.key == "chat" }) else {
            throw ErrorReply("set", .badArgs, "Use /set chat=on or /set chat=off.")
        }
        var reader = try wrapOption { () throws(OptionError) in try OptionReader(options) }
        let chat = try wrapOption { () throws(OptionError) in try reader.read(RaceTiming.chatOption) }
        room.chatOn = chat
        out.send(OkReply("set", [("chat", .bool(chat))], text: chat ? "Chat is on: everyone can /say." : "Chat is off: only the host can /say."),
                 to: session)
    }

    private func wrapOption<T>(_ body: () throws(OptionError) -> T) throws(ErrorReply) -> T {
        do { return try body() } catch { throw ErrorReply("set", .badArgs, error.message) }
    }

    /// `/watch CODE`: a second screen for the room. It hears every event but holds no seat.
    func watch(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let (args, session) = (call.args, call.session)
        guard let room = rooms[args[0].uppercased()] else {
            throw ErrorReply("watch", .noRoom, "There is no room \(args[0].uppercased()). Check the code with your host.")
        }
        // A ban keeps the player off the second screen too: it would show the questions and chat.
        if room.isBanned(session) {
            throw ErrorReply("watch", .banned, "The host of room \(room.code) has banned you from it.")
        }
        guard room.watchers.count < Room.maxWatchers else {
            throw ErrorReply("watch", .roomFull, "Room \(room.code) already has \(Room.maxWatchers) watchers.")
        }
        room.addWatcher(session)
        // A second screen shows the address the main screen shows, and a finished game's podium.
        let ended = room.lastGameEnded
        out.send(OkReply("watch", [("room", .string(room.code)), ("game", .string(room.race.kind)), ("state", .string(room.stateName)),
                                   ("players", room.playersJSON()), ("standings", .array(room.standings().map(\.json)))]
                             + (joinURL.map { [("join_url", JSON.string($0 + "?room=" + room.code))] } ?? [])
                             + (ended.map { [("last_game", JSON.string($0.game))] + ($0.teams.map { [("teams", $0)] } ?? []) } ?? []),
                         text: "You are watching room \(room.code) (\(room.race.kind), \(TextFormat.count(room.players.count, "player"))). /leave to stop."),
                 to: session)
    }
}
