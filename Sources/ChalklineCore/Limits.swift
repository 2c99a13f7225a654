/// Every limit and default the server has, once, with its unit: `ServerConfig`'s defaults, the
/// command-line options' defaults and protocol.md's limits table all read from here.
public enum Limits {
    // MARK: Rooms and games

    /// Players a room holds (`--max-players`).
    public static let playersPerRoom = 200
    /// `/watch` connections a room takes.
    public static let watchersPerRoom = 50
    /// A room with nobody connected closes after this long.
    public static let emptyRoomTimeoutMs: Millis = 5 * 60 * 1000
    /// Questions (or levels) a game may have: `rounds=` takes 1 to this.
    public static let maxRounds = 500
    /// Seconds a quiz question may stay open: `time=` takes this range.
    public static let questionSeconds: ClosedRange<Double> = 0.2...600
    /// Seconds between rounds (`gap=`) and before the first (`countdown=`).
    public static let gapSeconds: ClosedRange<Double> = 0...60
    public static let countdownSeconds: ClosedRange<Double> = 0...10
    public static let defaultGapSeconds = 3.0
    public static let defaultCountdownSeconds = 3.0

    // MARK: Lines

    /// Longest line a client may send, in bytes, its terminator excluded.
    public static let lineBytes = 1024
    /// Lines a second one connection may send (`--rate-limit`), in bursts of twice as many.
    public static let linesPerSecond = 20
    /// A connection still flooding this long after its first refused line is closed (`--flood-timeout`).
    public static let floodTimeoutMs: Millis = 10 * 1000
    /// A connection outside any room silent this long is closed (`--idle-timeout`).
    public static let idleTimeoutMs: Millis = 10 * 60 * 1000
    /// Characters a `/say` line keeps.
    public static let chatCharacters = 300

    // MARK: Connections

    /// Connections at once (`--max-connections`).
    public static let connections = 10_000
    /// Connections from one IP address (`--max-per-ip`): a whole school behind one NAT fits.
    public static let connectionsPerIP = 200
    /// Wrong room codes, tokens, host keys or passwords one connection may try within
    /// `guessWindowMs` before `rate_limited`.
    public static let failedGuesses = 10
    public static let guessWindowMs: Millis = 60 * 1000
}
