/// Settings the server is started with; the shell fills them from the command line.
public struct ServerConfig: Sendable {
    /// Reported in `welcome`.
    public var version = "0.1.0"
    /// Most players a room may hold (`--max-players`).
    public var maxPlayersPerRoom = 200
    /// A room with nobody connected is closed after this long.
    public var emptyRoomTimeout: Millis = 5 * 60 * 1000
    /// Longest line a client may send, terminator excluded.
    public var maxLineBytes = 1024
    /// Word-puzzle packs, named in `/create words pack=NAME`. The core reads no files: the shell
    /// loads the built-in pack (named `builtin`, the default) and any `--levels` folders with
    /// `LevelDirectory` and puts them here.
    public var levelPacks: [LevelPack] = []

    public init() {}
}
