/// The reply to a quiz race's answer: `{"type":"ok","cmd":"answer","id":..,"correct":..,
/// "points":..,"score":..,"streak":..}`, the same line `OkReply` makes of those fields.
///
/// The line the server writes most (one per answer of every player), written straight to bytes
/// with literal keys: through `OkReply`'s list of fields, most of its cost was copying the
/// fields' `JSON` values to write them.
struct QuizAnswerReply: Message {
    var id: Int
    var correct: Bool
    var points: Int
    var score: Int
    var streak: Int

    var okReply: OkReply {
        OkReply("answer", [("id", .int(id)), ("correct", .bool(correct)), ("points", .int(points)), ("score", .int(score)), ("streak", .int(streak))],
                say: { [correct, points, score, streak] l in
                    correct
                        ? l(Say("text.answer.right", count: points, ["score": .int(score), "streak": .int(streak)]))
                        : l.text("text.answer.wrong", ["score": .int(score)])
                })
    }

    var json: JSON { okReply.json }
    func text(in l: Language) -> String { okReply.text(in: l) }

    func rendered(_ format: OutputFormat) -> Payload {
        guard format == .json else { return okReply.rendered(format) }
        var line = ByteWriter(capacity: 96)
        var fields = JSONObjectWriter(in: &line)
        fields.string("type", EventType.ok.rawValue, &line)
        fields.string("cmd", "answer", &line)
        fields.int("id", id, &line)
        fields.bool("correct", correct, &line)
        fields.int("points", points, &line)
        fields.int("score", score, &line)
        fields.int("streak", streak, &line)
        fields.close(&line)
        line.append(0x0A)
        return Payload(line)
    }
}
