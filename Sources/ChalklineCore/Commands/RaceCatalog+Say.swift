/// The catalog's lists in words of the reader's language: `/create GAME (arith, words or quiz)`.
extension RaceCatalog {
    /// How to open a room, as the welcome, `/name` and `/rooms` suggest it.
    static var createHintSay: Say.Arg {
        let names = RaceCatalog.names
        return names.count <= 2 ? orList(names.map { "/create \($0)" })
            : .say(Say("text.create.hint", ["games": orList(names)]))
    }

    /// `a, b or c`, with the reader's "or".
    static func orList(_ words: [String]) -> Say.Arg {
        guard words.count > 1, let last = words.last else { return .text(words.first ?? "") }
        return .say(Say("text.list.or", ["list": .text(words.dropLast().joined(separator: ", ")), "last": .text(last)]))
    }
}
