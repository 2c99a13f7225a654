/// How long rooms wait before closing or ending a game nobody is in (see `Limits`).
struct RoomTimeouts {
    var empty: Millis
    var unjoined: Millis
    var abandonedGame: Millis

    init(_ config: ServerConfig) {
        empty = config.emptyRoomTimeout
        unjoined = config.unjoinedRoomTimeout
        abandonedGame = config.abandonedGameTimeout
    }
}
