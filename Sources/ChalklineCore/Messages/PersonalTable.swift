/// A results event that a player of a big room gets cut to size: the top of the table, the
/// player's own rows, and where they stand (`players`, `rank`). A room of 1,000 would otherwise
/// send every player a thousand rows a round; the host's screen and the watchers keep the full
/// table. A room of at most `Limits.fullTablePlayers` players sees the full event, unchanged.
protocol PersonalTable: Message {
    /// What makes the event as each player gets it in a big room, or under `board=`: the first
    /// `top` rows and the player's own. What every cut shares (the sorted top of the table, its
    /// encoding) is worked out once, here, not once a player.
    func cutter(top: Int) -> TableCutter
    /// The event as the projector (host and watchers) gets it under `board=` and `names=`: the
    /// first `rows` standings (all when nil), and no names in its tables when `hideNames`.
    func projected(rows: Int?, hideNames: Bool) -> Self
    /// The event with every row of its tables encoded once, for the cuts to share (see
    /// `EncodedRowsTable`); `round_end` returns itself: its cutter writes the whole line once and
    /// copies rows from it (`TableCutter.whole`).
    func withEncodedRows() -> Self
    /// The room's team standings, set before the event is sent (see `Room.sendTable`); every
    /// copy, cut or projected, carries them whole: at most eight rows, and no student's name.
    var teams: [TeamStanding]? { get set }
    var standings: [Standing] { get set }
    /// Where the player stands, in a cut event.
    var place: YourPlace? { get set }
    /// `board=` cuts this table for everyone (a round's or a level's), or never (the podium).
    var followsBoard: Bool { get }
}

extension PersonalTable {
    var followsBoard: Bool { true }

    /// This shared event as one player's cut: the shared top of the standings and their own
    /// row after it (when not among them), and their place.
    func cut(_ standings: StandingsCut, own: Standing?, place: YourPlace?) -> Self {
        var cut = self
        cut.standings = own.map { standings.top + [$0] } ?? standings.top
        cut.place = place
        return cut
    }

}

/// A table whose cuts share rows it carries encoded (`top`): `game_end` and `level_end`, made
/// into their template through their `JSON` tree. (`round_end`, every round's, is written
/// straight to bytes instead.)
protocol EncodedRowsTable: PersonalTable {
    /// The rows every cut shares, encoded once; set on the event the cuts are made from.
    var top: EncodedTop? { get set }
}

extension EncodedRowsTable {
    /// For an event whose only table of names is its standings; `round_end` also hides its results'.
    func projected(rows: Int?, hideNames: Bool) -> Self {
        var copy = self
        copy.standings = standings.projected(rows: rows, hideNames: hideNames)
        copy.top = nil  // rows encoded for the whole table are not this one's
        return copy
    }

    /// For an event whose only table is its standings.
    func withEncodedRows() -> Self {
        var copy = self
        copy.top = EncodedTop(standings: standings.map(\.json))
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

    /// `json`'s fields as a cut's template takes them (`"players":20,"rank":3`), written straight
    /// into the line: every player of a big room gets theirs each round.
    func writeFields(to out: inout ByteWriter) {
        var fields = JSONObjectWriter(fieldsAfterFirst: false)
        fields.int("players", players, &out)
        fields.int("rank", rank, &out)
    }

    /// `You are 412th of 1,000 with 2,350 points.`
    func text(in l: Language) -> String {
        l(Say("text.place", count: score, ["rank": .text(l.ordinal(rank)), "players": .int(players)]))
    }
}

/// Standings cut to their top and one player's own row.
struct StandingsCut {
    let top: [Standing]
    /// Where each seat's row below the top is in the standings (the first, for a seat twice).
    let bySeat: [Int: Int]
    let all: [Standing]
    /// The standings' rows already encoded (`withEncodedRows`), if they are.
    private let encoded: [JSON]?

    var count: Int { all.count }

    init(_ standings: [Standing], top size: Int, encoded: [JSON]? = nil) {
        all = standings
        top = Array(standings.prefix(size))
        self.encoded = encoded.flatMap { $0.count == standings.count ? Array($0.prefix(size)) : nil }
        var bySeat: [Int: Int] = [:]
        bySeat.reserveCapacity(standings.count - top.count)
        for i in standings.indices.dropFirst(size) where bySeat[standings[i].seat] == nil { bySeat[standings[i].seat] = i }
        self.bySeat = bySeat
    }

    /// The top rows encoded, for an event whose template is made from a tree (`TableCutter.init`).
    var topJSON: [JSON] { encoded ?? top.map(\.json) }

    /// `seat`'s own row when it is not among the first (and its place in the standings), and
    /// where `seat` stands (nil for a seat with no row).
    func own(for seat: Int) -> (row: Standing?, index: Int?, place: YourPlace?) {
        if let own = top.first(where: { $0.seat == seat }) {
            return (nil, nil, YourPlace(players: count, rank: own.rank, score: own.score))
        }
        guard let index = bySeat[seat] else { return (nil, nil, nil) }
        let own = all[index]
        return (own, index, YourPlace(players: count, rank: own.rank, score: own.score))
    }
}

/// The top rows of a cut table, encoded once for every player's cut (`JSON.encoded`).
struct EncodedTop: Sendable {
    var standings: [JSON] = []
    /// A word-puzzle level's clues, the same for everyone.
    var clues: JSON?
    /// The event is being made into its cut's template: each table ends in a hole for the
    /// player's own row, and the place fields are a hole (see `CutTemplate`).
    var holes = false

    static let resultsHole = 0
    static let standingsHole = 1
    static let placeHole = 2
    /// `round_end`'s `answer_message`, in the player's language.
    static let answerHole = 3

    func hole(_ number: Int) -> JSON? { holes ? JSONTemplate.element(number) : nil }
    var placeFields: [(String, JSON)] { holes ? [JSONTemplate.field(Self.placeHole)] : [] }
}

/// Rows as a JSON array: the first ones already encoded when a cut shares them, the rest now,
/// and a template's hole last.
func rowsJSON<Row>(_ rows: [Row], _ encoded: [JSON]?, _ json: (Row) -> JSON, hole: JSON? = nil) -> JSON {
    guard let encoded else { return .array(rows.map(json)) }
    return .array(encoded + rows.dropFirst(encoded.count).map(json) + (hole.map { [$0] } ?? []))
}

/// A big room's cut of one event for every player, from one encoding of what they all share:
/// the event with its top rows (from `top`, or for `round_end` from its whole line) and holes
/// where each player's own rows and place go.
/// A player's json line is that template with their rows and place copied in, straight into its
/// payload, not through a cut event a player (a closure, a boxed message and three copies of
/// the line each), which made the cuts the largest cost of a room's answers. The text,
/// rarely asked for in a big room (a person at netcat), is made from the cut event itself.
/// A class: the room hands it to every player's cut in turn, which copied its fields each time
/// as a struct; touched only on the loop thread (within one call into the core), as its
/// `answer_message` fields are filled in.
final class TableCutter {
    let template: JSONTemplate
    let standings: StandingsCut
    /// The whole event's json line when the cutter wrote it (`round_end`), and where each row of
    /// its tables lies in it: the bytes the template and each player's own rows are copied from,
    /// and the projector's copy unless `board=` or hidden names change that copy (then it is
    /// written again, cut or nameless).
    let whole: WholeLine?
    /// Each result below the top, by player name (`round_end` only: the round's results are by
    /// name), as its index in the whole line's results; a player's cut adds their own.
    let ownResults: [String: Int]
    /// `round_end`'s `answer_message` in a language, where the answer speaks (`RoundEndEvent.jsonSpeaks`).
    let answerMessage: ((Language) -> String)?
    /// That field as the hole takes it (`"answer_message":"3,5"`), by language index: written
    /// once a language the first time a player of it is cut for, not once a player.
    private var answerFields: [[UInt8]?] = []
    /// The whole cut event of the player in `seat` called `name`, given their own standing (when
    /// not among the top) and place: for text, and for tests to hold the json line to.
    let event: (_ seat: Int, _ name: String, _ own: Standing?, _ place: YourPlace?) -> any Message

    init(template: JSONTemplate, standings: StandingsCut, whole: WholeLine? = nil, ownResults: [String: Int] = [:],
         answerMessage: ((Language) -> String)? = nil,
         event: @escaping (_ seat: Int, _ name: String, _ own: Standing?, _ place: YourPlace?) -> any Message) {
        self.template = template
        self.standings = standings
        self.whole = whole
        self.ownResults = ownResults
        self.answerMessage = answerMessage
        self.event = event
    }

    /// The template made from the shared event's tree, its holes marked by `EncodedTop`.
    convenience init<Event: EncodedRowsTable>(_ shared: Event, standings: StandingsCut,
                               event: @escaping (_ seat: Int, _ name: String, _ own: Standing?, _ place: YourPlace?) -> any Message) {
        var holed = shared
        holed.top?.holes = true
        self.init(template: JSONTemplate(holed.json), standings: standings, event: event)
    }

    /// The cut of the player in `seat` called `name`, in `format` and `language`: the json line
    /// from the template (its one field in a language, `answer_message`, written once a
    /// language); the text, rarely asked for in a big room, from the player's cut event.
    func rendered(seat: Int, name: String, _ format: OutputFormat, in language: Language = Languages.english) -> Payload {
        let (own, index, place) = standings.own(for: seat)
        guard format == .json else { return event(seat, name, own, place).rendered(format, in: language) }
        var line = ByteWriter(capacity: template.sharedCount + 128)
        template.render(into: &line) { hole, out in
            switch hole {
            case EncodedTop.resultsHole:
                if let whole, let result = ownResults[name] { out.append(whole.line[whole.results[result]]) }
            case EncodedTop.standingsHole:
                if let whole, let index { out.append(whole.line[whole.standings[index]]) } else { own?.write(to: &out) }
            case EncodedTop.placeHole: place?.writeFields(to: &out)
            case EncodedTop.answerHole: out.append(answerField(in: language))
            default: break
            }
        }
        return Payload(line)
    }

    /// `"answer_message":"3,5"` in `language`, made the first time it is asked for.
    private func answerField(in language: Language) -> [UInt8] {
        guard let answerMessage else { return [] }
        let index = Int(Languages.index(of: language))
        if answerFields.isEmpty { answerFields = Array(repeating: nil, count: Languages.all.count) }
        if let field = answerFields[index] { return field }
        var out = ByteWriter(capacity: 32)
        RoundEndEvent.writeAnswerMessage(answerMessage(language), to: &out, comma: false)
        let field = out.bytes()
        answerFields[index] = field
        return field
    }

    /// The cut event of the player in `seat` called `name`.
    func message(seat: Int, name: String) -> any Message {
        let (own, _, place) = standings.own(for: seat)
        return event(seat, name, own, place)
    }
}

/// A table event's whole json line, and where each row of its two tables lies in it.
struct WholeLine {
    let line: Payload
    let results: [Range<Int>]
    let standings: [Range<Int>]
}

/// An event whose json line is already written (a cutter's whole line, `TableCutter.whole`):
/// sent as it is, never written again.
struct Prerendered: Message {
    let message: any Message
    let line: Payload

    var json: JSON { message.json }
    func text(in l: Language) -> String { message.text(in: l) }
    var jsonSpeaks: Bool { message.jsonSpeaks }
    func json(in l: Language) -> JSON { message.json(in: l) }
    func rendered(_ format: OutputFormat) -> Payload { format == .json ? line : message.rendered(format) }
    /// The json line as it is, unless it says something in a language (`round_end`'s
    /// `answer_message`): then it is written again in `l`, once a language among the projector's
    /// screens; text in `l`.
    func rendered(_ format: OutputFormat, in l: Language) -> Payload {
        format == .json && !message.jsonSpeaks ? line : message.rendered(format, in: l)
    }
}
