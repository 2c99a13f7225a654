/// `/lang`: the language a connection reads. Only what people read changes (replies, events,
/// `/help`, error messages); commands, options, JSON keys, error codes and event types stay as
/// they are, so a bot that sends `/lang fr` still understands every line.
extension ServerCore {
    func lang(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let session = call.session
        let list = Languages.all.map { "\($0.code) (\($0.name))" }.joined(separator: ", ")
        let codes: JSON = .array(Languages.all.map { .object([("code", .string($0.code)), ("name", .string($0.name))]) })
        guard let code = call.args.first else {
            let now = session.language
            out.send(OkReply("lang", [("lang", .string(now.code)), ("languages", codes)],
                             say: { $0(Say("text.lang.list", ["list": .text(list), "name": .text(now.name)])) }), to: session)
            return
        }
        guard let language = Languages.named(code), language.code == code.lowercased() || code.count > 2 else {
            throw ErrorReply("lang", .badArgs, Say("error.lang.unknown", ["code": .text(code), "list": .text(list)]),
                             extra: [("languages", codes)])
        }
        session.language = language
        out.send(OkReply("lang", [("lang", .string(language.code))], Say("text.lang.set")), to: session)
    }
}
