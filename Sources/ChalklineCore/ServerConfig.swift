/// Settings the server is started with; the shell fills them from the command line.
public struct ServerConfig: Sendable {
    /// Reported in `welcome`.
    public var version = ChalklineVersion.current
    /// Most players a room may hold (`--max-players`).
    public var maxPlayersPerRoom = Limits.playersPerRoom
    /// A room with nobody connected is closed after this long.
    public var emptyRoomTimeout: Millis = Limits.emptyRoomTimeoutMs
    /// Longest line a client may send, terminator excluded.
    public var maxLineBytes = Limits.lineBytes
    /// Word-puzzle packs, named in `/create words pack=NAME`. The core reads no files: the shell
    /// loads the built-in pack (named `builtin`, the default) and any `--levels` folders with
    /// `LevelDirectory` and puts them here.
    public var levelPacks: [LevelPack] = []
    /// Question sets for `/create quiz set=NAME`: the shipped ones and the `--sets` folders' (the
    /// shell reads them), and those saved in the results database, loaded at start. The core
    /// keeps its own copy, which `/sets save` and `/sets delete` change.
    public var questionSets = SetLibrary()

    // MARK: Limits (protocol.md, "Limits and errors")

    /// Lines a second one connection may send, with bursts of twice as many (`--rate-limit`);
    /// 0 turns flood control off, for benchmarks. Twenty a second is far beyond any typist and
    /// any bot that waits for its replies.
    public var linesPerSecond = Limits.linesPerSecond
    /// A connection whose lines are still being refused this long after the first refusal is
    /// flooding on purpose: it gets `bye` and is closed (`--flood-timeout`).
    public var floodTimeout: Millis = Limits.floodTimeoutMs
    /// A connection outside any room that has sent no line for this long gets `bye` and is
    /// closed (`--idle-timeout`); 0 turns it off. Players in a room are never idle-closed.
    public var idleTimeout: Millis = Limits.idleTimeoutMs
    /// Connections the server accepts at once (`--max-connections`); the next gets `server_full`.
    public var maxConnections = Limits.connections
    /// Connections from one IP address (`--max-per-ip`); the next gets `too_many_connections`.
    /// 200 so that a whole school behind one NAT address still fits.
    public var maxConnectionsPerIP = Limits.connectionsPerIP
    /// When set, `/create` needs `password=` with this value (`--create-password`), so only the
    /// teacher opens rooms; joining stays free.
    public var createPassword: String?
    /// What `/teacher` takes (`TeacherSecret`): the shell's made secret, read from its file at
    /// start. Nil uses `createPassword`; with neither, `/teacher` opens nothing.
    public var teacherSecret: String?
    /// Failed guesses (a wrong room code, rejoin token, host key or create password) an address,
    /// and the whole server, may make before further attempts get `rate_limited`.
    public var guesses = GuessRules()
    /// Rooms open at once (`--max-rooms`), and rooms created from one address still open
    /// (`--max-rooms-per-ip`).
    public var maxRooms = Limits.rooms
    public var maxRoomsPerIP = Limits.roomsPerIP
    /// See `Limits.unjoinedRoomTimeoutMs` and `Limits.abandonedGameMs`.
    public var unjoinedRoomTimeout: Millis = Limits.unjoinedRoomTimeoutMs
    public var abandonedGameTimeout: Millis = Limits.abandonedGameMs
    /// `/say` lines a second a room's players share; 0 turns the room budget off.
    public var roomChatLinesPerSecond = Limits.roomChatLinesPerSecond
    /// The server's time zone, for homework's `due=` (the shell gives the system's).
    public var localTime = LocalTime.utc
    /// The language a new connection reads until it sends `/lang` (`--language`).
    public var language: Language = Languages.english

    public init() {}
}
