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
    let number: Int
    unowned let room: Room
    /// The connection holding the seat. Strong, and cleared by the room whenever that connection
    /// lets go of the seat (`Room.remove` on leaving, a kick or a disconnect; `Room.reattach`),
    /// which breaks the seat-session cycle. Not weak: a weak reference gives every session a
    /// side table, and each retain and release of a session then takes the runtime's slow path,
    /// once per recipient of every event (a third of the loop's time in a 1,000-player `/say`).
    var session: Session?
    /// False for a host who created the room with `play=no`: they run the game but are not ranked.
    let plays: Bool
    /// Joined with `/join CODE NAME bot`: a program, kept out of the class's figures on request.
    var isBot = false
    /// The seat's team in a room with `teams=` (an index of `Room.teams`), nil until picked or placed.
    var team: Int?
    var score = 0
    var streak = 0
    /// Total time of correct answers this game: the standings' tie-break.
    var correctMs: Millis = 0
    /// The address of the last connection that held the seat, and when that connection dropped
    /// (nil while connected): a `/join` by name from there, soon enough, takes the seat back.
    var address = ""
    var droppedAt: Millis?

    init(name: String, token: Token, number: Int, room: Room, plays: Bool) {
        self.name = name
        foldedName = Names.folded(name)
        self.token = token
        self.number = number
        self.room = room
        self.plays = plays
    }

    var connected: Bool { session != nil }
    var ref: PlayerRef { PlayerRef(seat: number, name: name, bot: isBot, team: team.flatMap { room.teams?.names[$0] }) }

    func resetForGame() {
        score = 0
        streak = 0
        correctMs = 0
    }
}
