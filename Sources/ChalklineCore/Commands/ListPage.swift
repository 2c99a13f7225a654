/// One page of a listing (`/rooms`, `/who`): no reply grows with the server or the room, so a
/// list costs the loop the same however many rooms or players there are, and a client asks
/// for the page it wants. Pages count from 1; json says `page`, `pages` and `total`.
struct ListPage {
    let page: Int
    let pages: Int
    let total: Int
    let range: Range<Int>

    init(total: Int, page requested: Int, size: Int = Limits.listPage) {
        self.total = total
        pages = max(1, (total + size - 1) / size)
        page = min(max(1, requested), pages)
        range = min(total, (page - 1) * size)..<min(total, page * size)
    }

    /// `/rooms 3`: the page the words ask for (1 when none), or `bad_args`.
    static func requested(_ args: [String], _ cmd: String) throws(ErrorReply) -> Int {
        guard let word = args.first else { return 1 }
        guard let n = Int(word), n >= 1 else { throw ErrorReply(cmd, .badArgs, Say("error.page.use", ["cmd": .text(cmd)])) }
        return n
    }

    var json: [(String, JSON)] { [("total", .int(total)), ("page", .int(page)), ("pages", .int(pages))] }

    /// A line after a list that does not fit one page: which rows these are, and how to see more.
    /// `cmd` is `who` (people) or `rooms`.
    func note(_ cmd: String, in language: Language) -> String? {
        guard pages > 1 else { return nil }
        let more = page < pages ? " " + language(Say("text.page.more", ["cmd": .text(cmd), "next": .int(page + 1)])) : ""
        let rows = language(Say(cmd == "who" ? "text.page.who" : "text.page.rooms",
                                ["from": .text(String(range.lowerBound + 1)), "to": .text(String(range.upperBound)), "total": .int(total),
                                 "page": .int(page), "pages": .int(pages)]))
        return "  (" + rows + more + ")"
    }
}
