/// A place in a room: name, score and streak, kept while its connection comes and goes.
///
/// Owned by the loop thread and touched only there.
final class Seat {
    let name: String
    /// What the name reads as (`Names.folded`): two seats of a room never share one.
    let foldedName: String
    /// Replaced when the host lets the seat's player back in on another device (`/letin`):
    /// the old device's token no longer holds it.
    var token: Token
    /// The room's number for this seat (`PlayerRef.seat`).
    var number: Int { Int(seatNumber) }
    unowned let room: Room
    /// The connection holding the seat. Strong, and cleared by the room whenever that connection
    /// lets go of the seat (`Room.remove` on leaving, a kick or a disconnect; `Room.reattach`),
    /// which breaks the seat-session cycle. Not weak: a weak reference gives every session a
    /// side table, and each retain and release of a session then takes the runtime's slow path,
    /// once per recipient of every event (a third of the loop's time in a 1,000-player `/say`).
    var session: Session?
    var score = 0
    var streak = 0
    /// Total time of correct answers this game: the standings' tie-break.
    var correctMs: Millis = 0
    /// The address of the last connection that held the seat, and when that connection dropped
    /// (nil while connected): a `/join` by name from there, soon enough, takes the seat back.
    var address = ""
    var droppedAt: Millis?
    // The one-byte fields sit together, after `droppedAt`'s flag: Swift lays a class's fields
    // out in the order written, and each apart took a word (BENCHMARKS.md, bytes per seated
    // connection).
    /// False for a host who created the room with `play=no`: they run the game but are not ranked.
    let plays: Bool
    /// Joined with `/join CODE NAME bot`: a program, kept out of the class's figures on request.
    var isBot = false
    /// The seat's team in a room with `teams=` (an index of `Room.teams`), nil until picked or placed.
    var team: Int? {
        get { teamIndex < 0 ? nil : Int(teamIndex) }
        set { teamIndex = newValue.map { Int8($0) } ?? -1 }
    }
    /// `team` in a byte (a room has at most `Teams.maxTeams`), -1 for none.
    private var teamIndex: Int8 = -1
    /// `number` in four bytes, last, where it fills the word the bytes above began.
    private let seatNumber: Int32

    init(name: String, token: Token, number: Int, room: Room, plays: Bool) {
        self.name = name
        foldedName = Names.folded(name)
        self.token = token
        seatNumber = Int32(number)
        self.room = room
        self.plays = plays
    }

    var connected: Bool { session != nil }
    var ref: PlayerRef {
        PlayerRef(seat: number, name: name, bot: isBot, team: team.flatMap { room.teams?.names[$0] }, student: room.students[number])
    }

    func resetForGame() {
        score = 0
        streak = 0
        correctMs = 0
    }
}
