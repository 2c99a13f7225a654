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
    /// Rooms open at once on the server (`--max-rooms`): past it, `/create` gets `too_many_rooms`.
    /// A class is one room; 2,000 is a district's worth, and keeps every room list cheap.
    public static let rooms = 2_000
    /// Rooms created from one IP address still open (`--max-rooms-per-ip`): a school behind one
    /// NAT runs a few classes at once, not hundreds of rooms.
    public static let roomsPerIP = 20
    /// A room nobody but its creator ever joined closes this long after the creator leaves,
    /// instead of `emptyRoomTimeoutMs`: long enough for a dropped teacher to `/claim` it back.
    public static let unjoinedRoomTimeoutMs: Millis = 60 * 1000
    /// A running game with nobody connected ends (as if stopped) after this long: a class that
    /// went home stops writing "no answer" rows for seats nobody will take back.
    public static let abandonedGameMs: Millis = 30 * 1000
    /// A player who lost their connection mid-game may take their seat back by name (`/join
    /// CODE NAME`) from the address they played from for this long: a student at netcat who
    /// never saw a token is back in a minute, while a classmate behind the same address has
    /// little time to take a seat that is not theirs.
    public static let nameRejoinGraceMs: Millis = 60 * 1000
    /// `/comeback` requests waiting for one room's host at once (one per connection; several
    /// may share a name, told apart by their numbers): enough for a class's few dead tablets,
    /// too few to bury the teacher's screen.
    public static let comebackRequestsPerRoom = 5
    /// Room codes tried at random before `/create` gives up with `too_many_rooms`: with the
    /// room cap far below the 331,776 codes, a free one is found in a draw or two.
    public static let roomCodeDraws = 64
    /// Rows a `/rooms` or `/who` reply lists at most; `/rooms N` and `/who N` ask for page N.
    public static let listPage = 50
    /// Games `/report games limit=N` lists at most: a school year of a class's games, in one reply.
    public static let reportGames = 1000
    /// `/say` lines a second a room's players may send together (bursts of twice as many); the
    /// excess gets `rate_limited`. The host's `/say` is not counted.
    public static let roomChatLinesPerSecond = 10

    /// Homework the server holds open at once (`/assign`): past it, `too_many_rooms`.
    public static let assignments = 500
    /// Open homework set from one address: a school's teachers behind one NAT set a few each,
    /// and one client cannot take every slot.
    public static let assignmentsPerIP = 50
    /// How far ahead `due=` may be: a school year.
    public static let homeworkDueDays = 366
    /// Homework tries running at once, each a room of one student (apart from `--max-rooms`).
    public static let homeworkTries = 5_000
    /// A homework round's verdict and right answer stay on screen this long before the next
    /// question (`/next` goes on sooner): a glance after a right answer, time to read after a wrong one.
    public static let homeworkPauseRightMs: Millis = 1_500
    public static let homeworkPauseWrongMs: Millis = 4_000

    /// Questions (or levels) a game may have: `rounds=` takes 1 to this.
    public static let maxRounds = 500
    /// Seconds a quiz question may stay open: `time=` takes this range.
    public static let questionSeconds: ClosedRange<Double> = 0.2...600
    /// Seconds between rounds (`gap=`) and before the first (`countdown=`).
    public static let gapSeconds: ClosedRange<Double> = 0...60
    public static let countdownSeconds: ClosedRange<Double> = 0...10
    public static let defaultGapSeconds = 3.0
    public static let defaultCountdownSeconds = 3.0

    /// Results held in memory while the database cannot take them (`--max-unsaved`): about
    /// 30 MB; past it the oldest answers are dropped, counted, and reported.
    public static let unsavedRecords = 100_000
    /// A failing database is retried after this, then twice as long each time up to the most:
    /// a broken disk is not hammered with the whole backlog on every round.
    public static let storageRetryMs: Millis = 1000
    public static let storageRetryMaxMs: Millis = 60_000
    /// A round's commit starts no sooner than this after the previous write started (or when
    /// that write ends, if later), so round ends that come close together share one commit
    /// (see `WriteSchedule`).
    public static let commitWindowMs: Millis = 10

    // MARK: Question sets sent over the protocol (`/sets new|add|save`)

    /// Lines of a set file a connection's draft holds (`/sets add`): a 500-question set with a
    /// header and some blank lines fits; past it the draft is dropped with `bad_args`.
    public static let setDraftLines = 600
    /// Bytes of a draft, its line ends counted: 500 rows of 500 bytes (a long question and
    /// several answers) fit, and no connection holds more of the server's memory than this.
    public static let setDraftBytes = 256 * 1024

    // MARK: Classes (`/class`)

    /// Classes the server keeps: a school's worth, each shown on the desk's list.
    public static let classes = 100
    /// Students one class holds: a class and some, still one screen of name buttons.
    public static let classStudents = 60

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
    /// A name's characters as a reader counts them, and its bytes of UTF-8 (`/name`).
    public static let nameCharacters = 16
    public static let nameBytes = 48
    /// Output held for a client that is not reading before it is disconnected (`--max-queued-bytes`).
    public static let queuedBytes = 1 << 20

    // MARK: The web (one port: HTTP for the pages, WebSocket for the protocol)

    /// How long a new connection that has sent nothing at all waits for its welcome. No timer
    /// decides what a connection is: a first line that is not an HTTP request line is the line
    /// protocol and is welcomed at once (a person at netcat presses Enter), so this only serves
    /// someone who connects and waits. It is longer than any browser keeps a socket it opened
    /// ahead of need and has not used (Chromium: 10 s, enforced by a cleanup timer that runs
    /// every 10 s), so such a socket is never welcomed before it asks for its file.
    public static let silentWelcomeMs: Millis = 30 * 1000
    /// How long a kept-alive HTTP connection may wait for its next request before it is closed.
    /// A page asks for all its files within a second or two; after that its sockets only hold
    /// descriptors (and count against the per-address limit a class behind one NAT shares).
    public static let httpKeepAliveIdleMs: Millis = 5 * 1000
    /// An HTTP request head (request line and headers) larger than this is answered 413.
    public static let httpHeadBytes = 8 * 1024
    /// Pipelined requests answered from one connection in one turn of the loop; the rest wait
    /// for its next turn (`HTTPBacklog`). A page asks for 5 files, a browser pipelines none:
    /// this only bounds what one connection's 64 KB read can make the loop do.
    public static let httpRequestsPerTurn = 16
    /// An HTTP request head must arrive within this, or the connection is closed.
    public static let httpHeadTimeoutMs: Millis = 10 * 1000
    /// How long an HTTP response, or a WebSocket closing handshake, may take to drain.
    public static let webCloseGraceMs: Millis = 5 * 1000

    // MARK: Connections

    /// Connections at once (`--max-connections`).
    public static let connections = 10_000
    /// Connections from one IP address (`--max-per-ip`): a whole school behind one NAT fits.
    public static let connectionsPerIP = 200
    /// Connections not yet speaking the protocol (page loads, kept-alive sockets, preconnects)
    /// one address may hold, as a multiple of `connectionsPerIP`: a browser loading the page
    /// holds up to 6 sockets to the server (Chromium's cap per host) for the one WebSocket it
    /// keeps, so 5 per protocol connection lets every student behind one NAT load at once.
    public static let unannouncedPerIPMultiple = 5
    /// Wrong room codes, tokens, host keys or passwords one address may try within
    /// `guessWindowMs` before it is shut out (`rate_limited`): a class behind one NAT mistyping
    /// the code still fits. Each shut-out in a row lasts twice the last, up to `guessLockoutMaxMs`.
    public static let failedGuesses = 20
    public static let guessWindowMs: Millis = 60 * 1000
    public static let guessLockoutMaxMs: Millis = 60 * 60 * 1000
    /// Wrong guesses the whole server takes within `guessWindowMs` before every address that
    /// guessed wrong in it must wait.
    public static let failedGuessesOverall = 200
    /// Players a room may have before each player's `round_end`, `level_end` and `game_end` is
    /// cut to the top `tableTop` rows and their own (the host and watchers keep the whole table).
    public static let fullTablePlayers = 10
    public static let tableTop = 10
    /// Levels in a word-puzzle game when the seed picks where it starts (no `level=`).
    public static let drawnWordLevels = 5
}
