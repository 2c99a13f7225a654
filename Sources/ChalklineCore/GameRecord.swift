/// Identifies one game for the records: `serial` is unique for the life of the process (room
/// codes are reused once a room closes, so `room` and `number` alone are not), and `room`-`number`
/// is the `game` name that `game_end` shows players (`QXRM-2`).
public struct GameRef: Hashable, Sendable, CustomStringConvertible {
    public var serial: Int
    public var room: String
    public var number: Int
    /// A homework try's assignment (`AssignmentRecord.uid`): the try is stored as a game of it,
    /// and found again by it and `number` when it resumes on a later process.
    public var assignment: String?

    public init(serial: Int, room: String, number: Int, assignment: String? = nil) {
        self.serial = serial
        self.room = room
        self.number = number
        self.assignment = assignment
    }

    public var description: String { "\(room)-\(number)" }
}

/// What happened in a game, as the core tells the shell to store it (`Effect.record`). The core
/// does no I/O: it only says what a result *was*; the shell decides how and where it is kept.
/// Records of one game arrive in the order they happened.
public enum GameRecord: Sendable, Equatable {
    /// `/start`: the game's kind, settings (as `/create` echoed them) and the players seated;
    /// `classUID` the class it was made for (`class=`), if any.
    case gameStarted(game: GameRef, kind: String, settings: String, players: [PlayerRef], classUID: String? = nil)
    /// A question (or word-puzzle level) opened; `round` is 1-based, `label` is how people call it
    /// (`7 x 8`, `Level 3`), `items` what can be answered in it.
    case roundOpened(game: GameRef, round: Int, label: String, items: [RoundItem])
    /// One judged answer. `typed` is nil for a player who did not answer before the round closed.
    case answer(game: GameRef, round: Int, answer: AnswerRecord)
    /// The round closed: no more answers count. Must be durable before its `round_end` is sent.
    case roundClosed(game: GameRef, round: Int)
    /// The game is over: final standings; `stopped` when the host ended it early with `/stop`.
    case gameEnded(game: GameRef, standings: [Standing], stopped: Bool)
    /// `/assign`: must be durable before its code is given out, so a restart keeps it.
    case assignmentCreated(AssignmentRecord)
    /// A homework try goes on (after its student left, or on a new process): rounds from
    /// `fromRound` on were not finished and are asked again, so what was stored of them goes.
    case gameResumed(game: GameRef, fromRound: Int)
    /// `/sets save`: durable before its reply, so a set the teacher was told is saved outlives a
    /// restart. Not a game, but it takes the games' road to the database (the same queue, the
    /// same commit before the reply) rather than a road of its own.
    case setSaved(SavedSetRecord)
    /// `/sets delete`: durable before its reply, as `setSaved`.
    case setDeleted(name: String)
    /// `/assignments close|extend`: the homework's new due time, durable before the reply.
    case assignmentDue(uid: String, due: Millis, dueText: String)
    /// `/class ...`: the whole class as it now is, durable before the reply (as sets are).
    case classSaved(ClassRecord)
    /// `/class delete`: the class and its list go; games played keep their players' names.
    case classDeleted(uid: String, name: String)

    /// True for the records players are shown a result for right after (`round_end`, `level_end`,
    /// `game_end`): the shell must have them committed before it sends anything that follows.
    public var needsCommit: Bool {
        switch self {
        case .roundClosed, .gameEnded, .assignmentCreated, .setSaved, .setDeleted, .assignmentDue, .classSaved, .classDeleted: true
        case .answer(_, _, let answer): answer.committedBeforeReply
        case .gameStarted, .roundOpened, .gameResumed: false
        }
    }

    public var game: GameRef {
        switch self {
        case .gameStarted(let game, _, _, _, _), .roundOpened(let game, _, _, _), .answer(let game, _, _),
             .roundClosed(let game, _), .gameEnded(let game, _, _), .gameResumed(let game, _):
            game
        case .assignmentCreated(let assignment):
            // Not a game: named by its code, as storage failures are told by room.
            GameRef(serial: 0, room: assignment.code, number: 0)
        case .setSaved(let set):
            // A space no room code has: a failure is told to no room's host.
            GameRef(serial: 0, room: "set \(set.name)", number: 0)
        case .setDeleted(let name):
            GameRef(serial: 0, room: "set \(name)", number: 0)
        case .assignmentDue(let uid, _, _):
            GameRef(serial: 0, room: "homework \(uid)", number: 0)
        case .classSaved(let record):
            GameRef(serial: 0, room: "class \(record.name)", number: 0)
        case .classDeleted(_, let name):
            GameRef(serial: 0, room: "class \(name)", number: 0)
        }
    }
}

/// Something a round asks: a quiz's one question, or one clue of a word-puzzle level.
public struct RoundItem: Sendable, Equatable {
    /// 1 for a quiz's question; the clue's board number (1–7) in the word puzzle.
    public var n: Int
    /// `7 x 8`, or the clue.
    public var text: String
    /// The right answer as text (`answer_text`): `56`, `3.5`, `$7.20`, or the word.
    public var answer: String
    /// The kind's note for its reports (`QuizQuestion.detail`): times keeps the two factors
    /// (`7,8`) for the facts grid; other kinds their skills. Nil for a word-puzzle clue.
    public var detail: String?

    public init(n: Int, text: String, answer: String, detail: String? = nil) {
        self.n = n
        self.text = text
        self.answer = answer
        self.detail = detail
    }
}

/// A player of one game: `seat` tells apart two people who used one name in a room (one
/// leaves, another joins under the name), so their answers are never merged.
public struct PlayerRef: Sendable, Hashable {
    /// The room's number for the seat, unique for the room's life.
    public var seat: Int
    public var name: String
    /// The player said it is a program (`/join CODE NAME bot`): class figures can leave it out.
    public var bot: Bool
    /// The player's team's name when they were first recorded, in a room with `teams=`.
    public var team: String?
    /// The class student they joined as (`StudentRecord.uid`), in a room or homework made for a
    /// class: what ties their answers together across games.
    public var student: String?

    public init(seat: Int, name: String, bot: Bool = false, team: String? = nil, student: String? = nil) {
        self.seat = seat
        self.name = name
        self.bot = bot
        self.team = team
        self.student = student
    }
}

/// One judged answer as it is stored.
public struct AnswerRecord: Sendable, Equatable {
    public var player: PlayerRef
    /// What the player typed, as they typed it; nil when they did not answer at all.
    public var typed: String?
    public var correct: Bool
    /// From the round's opening to the answer, on the server's clock; nil for no answer.
    public var ms: Millis?
    public var points: Int
    /// A quiz's streak after this answer; nil in the word puzzle, which has none.
    public var streak: Int?
    /// The item the answer hit (`RoundItem.n`): always 1 in a quiz; the claimed clue in the
    /// word puzzle, nil for a word that is not on the board.
    public var item: Int?
    /// Must be on disk before the reply (and what the answer brings) goes out: the room is shown
    /// this answer's result at once (a word claimed: `solved`), as a round's results are before
    /// `round_end`; and every homework answer, so a restart does not lose a try's answer.
    public var committedBeforeReply: Bool

    public init(player: PlayerRef, typed: String?, correct: Bool, ms: Millis?, points: Int, streak: Int?, item: Int?,
                committedBeforeReply: Bool = false) {
        self.player = player
        self.typed = typed
        self.correct = correct
        self.ms = ms
        self.points = points
        self.streak = streak
        self.item = item
        self.committedBeforeReply = committedBeforeReply
    }
}
