/// `teams=2..8`: a class split into teams, Kahoot's team mode. Players pick a team in the lobby
/// (`/team NAME`) or the host spreads them (`/teams balance`); whoever has not picked by `/start`
/// goes to the smallest team. A team's score is the **mean** of its members' points, so a team of
/// three is not beaten by a team of five for being smaller.
///
/// Pure data: the room owns one and feeds it seats' numbers and scores.
struct Teams {
    /// The names a room's teams start with, in order: plain colours a class can shout.
    static let defaultNames = ["Red", "Blue", "Green", "Yellow", "Purple", "Orange", "Teal", "Pink"]
    /// `teams=` takes 2 to this many.
    static let maxTeams = defaultNames.count

    /// The teams' names; a team is its index here.
    private(set) var names: [String]

    /// Who counts towards each team's mean this game: seat number → (team, name, points). A
    /// member is added when they take part in a round; one who leaves mid-game stays, with the
    /// points they had earned, so a team that empties keeps its score (see protocol.md).
    private(set) var members: [Int: Member] = [:]

    struct Member: Equatable {
        var team: Int
        var name: String
        var score: Int
    }

    init(count: Int) {
        names = Array(Self.defaultNames.prefix(count))
    }

    /// The team called `name` (as names compare, `Names.folded`), or numbered so (`/team 2`).
    func team(named name: String) -> Int? {
        let key = Names.folded(name)
        if let index = names.firstIndex(where: { Names.folded($0) == key }) { return index }
        if let number = Int(name), names.indices.contains(number - 1) { return number - 1 }
        return nil
    }

    mutating func rename(_ team: Int, to name: String) { names[team] = name }

    /// A new game: nobody has played yet.
    mutating func startGame() { members = [:] }

    /// `seat` plays a round for `team`, or its points changed: the ledger follows.
    mutating func record(seat: Int, team: Int, name: String, score: Int) {
        members[seat] = Member(team: team, name: name, score: score)
    }

    /// Each team's standing from the ledger, best mean first; a team none of whose members has
    /// played is left out. Ties keep the teams' order (Red before Blue).
    func standings() -> [TeamStanding] {
        TeamStanding.rank(names: names, members: members.values.map { ($0.team, $0.score) })
    }

    /// The mean rounded half up (points are never negative).
    static func mean(_ sum: Int, _ count: Int) -> Int {
        count == 0 ? 0 : (2 * sum + count) / (2 * count)
    }

    /// `/teams balance`: each player's team after spreading `players` (seat numbers, in seat
    /// order, with their current teams) as evenly as the count allows. Players keep their team
    /// where it has room; the teams already biggest get the extra places when the count does not
    /// divide; players without a team are placed first, then those moved off a full team.
    static func balance(_ players: [(seat: Int, team: Int?)], teams count: Int) -> [Int: Int] {
        var current = Array(repeating: [Int](), count: count)
        var unplaced: [Int] = []
        for player in players {
            if let team = player.team, current.indices.contains(team) { current[team].append(player.seat) } else { unplaced.append(player.seat) }
        }
        let base = players.count / count, extra = players.count % count
        let biggestFirst = current.indices.sorted { current[$0].count != current[$1].count ? current[$0].count > current[$1].count : $0 < $1 }
        var capacity = Array(repeating: base, count: count)
        for team in biggestFirst.prefix(extra) { capacity[team] += 1 }
        var moved: [Int] = []
        for team in current.indices where current[team].count > capacity[team] {
            // The last to pick leave first.
            moved += current[team][capacity[team]...]
            current[team].removeLast(current[team].count - capacity[team])
        }
        for seat in unplaced + moved {
            let team = current.indices.max { a, b in
                let roomA = capacity[a] - current[a].count, roomB = capacity[b] - current[b].count
                return roomA != roomB ? roomA < roomB : a > b
            }!
            current[team].append(seat)
        }
        var result: [Int: Int] = [:]
        for (team, seats) in current.enumerated() { for seat in seats { result[seat] = team } }
        return result
    }

    /// The team a player without one joins: the one with fewest players now (the first of those).
    static func smallest(_ sizes: [Int]) -> Int {
        sizes.indices.min { sizes[$0] != sizes[$1] ? sizes[$0] < sizes[$1] : $0 < $1 } ?? 0
    }
}

/// One row of `teams` in `round_end`, `level_end` and `game_end`.
public struct TeamStanding: Equatable, Sendable {
    public var rank: Int
    public var name: String
    /// The mean of the members' points, rounded half up.
    public var score: Int
    /// How many members the mean is over: those who played this game, including any who left.
    public var members: Int

    var json: JSON { .object([("rank", .int(rank)), ("name", .string(name)), ("score", .int(score)), ("members", .int(members))]) }

    /// Teams (`names`, in their order) ranked by their members' mean points, best first; a team
    /// with no member is left out, and equal means share a rank (1, 2, 2, 4) and keep the
    /// teams' order. The room's tables and the stored reports both rank teams with it.
    public static func rank(names: [String], members: [(team: Int, score: Int)]) -> [TeamStanding] {
        var sums = Array(repeating: 0, count: names.count), counts = sums
        for member in members where names.indices.contains(member.team) {
            sums[member.team] += member.score
            counts[member.team] += 1
        }
        let playing = names.indices.filter { counts[$0] > 0 }
        // Compared exactly (a/b > c/d as a*d > c*b), rounded only for the wire.
        let ranked = playing.sorted { a, b in
            let left = sums[a] * counts[b], right = sums[b] * counts[a]
            return left != right ? left > right : a < b
        }
        var rows: [TeamStanding] = []
        for (place, team) in ranked.enumerated() {
            let tied = place > 0 && sums[ranked[place - 1]] * counts[team] == sums[team] * counts[ranked[place - 1]]
            rows.append(TeamStanding(rank: tied ? rows[place - 1].rank : place + 1, name: names[team],
                                     score: Teams.mean(sums[team], counts[team]), members: counts[team]))
        }
        return rows
    }

    /// The text format's table of teams.
    static func lines(_ rows: [TeamStanding], in l: Language = Languages.english) -> [String] {
        let nameWidth = max(4, rows.map(\.name.count).max() ?? 4)
        let scores = rows.map { l.number($0.score) }
        let scoreWidth = max(5, scores.map(\.count).max() ?? 5)
        return [l(Say("text.teams.table"))] + zip(rows, scores).map { row, score in
            "  " + TextFormat.padLeft("\(row.rank).", 4) + " " + TextFormat.pad(row.name, nameWidth) + "  "
                + TextFormat.padLeft(score, scoreWidth) + "  (" + TextFormat.count(row.members, "player", in: l) + ")"
        }
    }
}

/// The room's teams and who is on each, sent when they change in the lobby (`/team`,
/// `/teams balance`, `/teams rename`), when `/start` puts players who had not picked on a team,
/// and as the reply to `/teams`.
public struct TeamsEvent: Message {
    public enum Reason: String, Sendable {
        /// A player picked a team.
        case pick
        /// The host spread the players.
        case balance
        /// The host renamed a team.
        case rename
        /// `/start`, or a late join, put players who had not picked on the smallest team.
        case placed
    }
    public var reason: Reason
    /// Each team's name and its players' names, in the teams' order.
    public var teams: [(name: String, members: [String])]
    /// Who was just put on a team without picking (`placed`), so each can be told.
    public var placed: [String] = []

    static func teamsJSON(_ teams: [(name: String, members: [String])]) -> JSON {
        .array(teams.map { .object([("name", .string($0.name)), ("members", .array($0.members.map(JSON.string)))]) })
    }

    public var json: JSON {
        .object([EventType.teams.field, ("reason", .string(reason.rawValue)), ("teams", Self.teamsJSON(teams)),
                 ("placed", .array(placed.map(JSON.string)))])
    }

    static func listText(_ teams: [(name: String, members: [String])], in l: Language = Languages.english) -> [String] {
        teams.map { "  \($0.name): " + ($0.members.isEmpty ? l(Say("text.teams.nobody")) : $0.members.joined(separator: ", ")) }
    }

    public func text(in l: Language) -> String {
        let head = switch reason {
        case .pick: l(Say("text.teams.now"))
        case .balance: l(Say("text.teams.event_balanced"))
        case .rename: l(Say("text.teams.event_renamed"))
        case .placed: l.text("text.teams.placed", ["names": .text(placed.joined(separator: ", "))])
        }
        return ([head] + Self.listText(teams, in: l)).joined(separator: "\n")
    }
}
