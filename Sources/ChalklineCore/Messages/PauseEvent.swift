/// A homework try's pause after a round's `round_end` (or `level_end`): the verdict and the
/// right answer are on screen, and the next question (or the end of the try) comes in `ms`, or
/// at once on `/next`. Only the student doing the try receives it.
public struct PauseEvent: Message {
    public var ms: Millis
    /// The try's last round closed: what comes is its `game_end`.
    public var last: Bool
    /// "question" or "level", for the text.
    var noun = "question"

    public init(ms: Millis, last: Bool, noun: String = "question") {
        self.ms = ms
        self.last = last
        self.noun = noun
    }

    public var json: JSON { .object([EventType.pause.field, ("ms", .int(Int(ms))), ("last", .bool(last))]) }
    public func text(in l: Language) -> String {
        let key = last ? "text.pause.result" : noun == "level" ? "text.pause.level" : "text.pause.question"
        return l.text(key, ["wait": .text(TextFormat.seconds(ms, in: l))])
    }
}
