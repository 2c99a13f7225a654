/// A results event that a player of a big room gets cut to size: the top of the table, the
/// player's own rows, and where they stand (`players`, `rank`). A room of 1,000 would otherwise
/// send every player a thousand rows a round; the host's screen and the watchers keep the full
/// table. A room of at most `Limits.fullTablePlayers` players sees the full event, unchanged.
protocol PersonalTable: Message {
    /// What makes the event as `seat` (called `name`) gets it in a big room, or under `board=`:
    /// the first `top` rows and the player's own. What every cut shares (the sorted top of the
    /// table) is worked out once, here, not once a player.
    func cutter(top: Int) -> (_ seat: Int, _ name: String) -> any Message
    /// The event as the projector (host and watchers) gets it under `board=` and `names=`: the
    /// first `rows` standings (all when nil), and no names in its tables when `hideNames`.
    func projected(rows: Int?, hideNames: Bool) -> Self
    /// The room's team standings, set before the event is sent (see `Room.sendTable`); every
    /// copy, cut or projected, carries them whole: at most eight rows, and no student's name.
    var teams: [TeamStanding]? { get set }
    var standings: [Standing] { get set }
}

extension PersonalTable {
    /// For an event whose only table of names is its standings; `round_end` also hides its results'.
    func projected(rows: Int?, hideNames: Bool) -> Self {
        var copy = self
        copy.standings = standings.projected(rows: rows, hideNames: hideNames)
        return copy
    }
}

/// `teams` as the last field of the table, or nothing in a room without teams.
func teamsField(_ teams: [TeamStanding]?) -> [(String, JSON)] {
    teams.map { [("teams", JSON.array($0.map(\.json)))] } ?? []
}

extension Array where Element == Standing {
    /// The first `rows` (all when nil), without names when `hideNames`: the projector's table.
    func projected(rows: Int?, hideNames: Bool) -> [Standing] {
        var table = rows.map { Array(prefix($0)) } ?? self
        if hideNames { for i in table.indices { table[i].name = "" } }
        return table
    }
}

/// Where one player stands, added to a cut table.
public struct YourPlace: Equatable, Sendable {
    /// Ranked players in the room.
    public var players: Int
    /// The player's rank.
    public var rank: Int
    public var score: Int

    var json: [(String, JSON)] { [("players", .int(players)), ("rank", .int(rank))] }

    /// `You are 412th of 1,000 with 2,350 points.`
    var text: String {
        "You are \(TextFormat.ordinal(rank)) of \(NumberText.thousands(players)) with \(NumberText.thousands(score)) points."
    }
}

/// Standings cut to their top and one player's own row.
struct StandingsCut {
    let top: [Standing]
    let topJSON: [JSON]
    let bySeat: [Int: Standing]
    let count: Int

    init(_ standings: [Standing], top size: Int) {
        top = Array(standings.prefix(size))
        topJSON = top.encodedRows(\.json)
        bySeat = Dictionary(standings.dropFirst(size).map { ($0.seat, $0) }, uniquingKeysWith: { first, _ in first })
        count = standings.count
    }

    /// The first rows and `seat`'s own row (if not among them), and where
    /// `seat` stands; nil place for a seat with no row.
    func rows(for seat: Int) -> ([Standing], YourPlace?) {
        if let own = top.first(where: { $0.seat == seat }) {
            return (top, YourPlace(players: count, rank: own.rank, score: own.score))
        }
        guard let own = bySeat[seat] else { return (top, nil) }
        return (top + [own], YourPlace(players: count, rank: own.rank, score: own.score))
    }
}

/// The top rows of a cut table, encoded once for every player's cut (`JSON.encoded`).
struct EncodedTop: Sendable {
    var results: [JSON] = []
    var standings: [JSON] = []
    /// A word-puzzle level's clues, the same for everyone.
    var clues: JSON?
}

/// Rows as a JSON array: the first ones already encoded when a cut shares them, the rest now.
func rowsJSON<Row>(_ rows: [Row], _ encoded: [JSON]?, _ json: (Row) -> JSON) -> JSON {
    guard let encoded else { return .array(rows.map(json)) }
    return .array(encoded + rows.dropFirst(encoded.count).map(json))
}

extension Array {
    /// Each row's JSON, encoded to bytes now.
    func encodedRows(_ json: (Element) -> JSON) -> [JSON] { map { .encoded(json($0).encoded()) } }
}
