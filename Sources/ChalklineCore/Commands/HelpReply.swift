/// `/help`'s reply. json keeps `text` in English, as bots read it, and adds `message`, the same
/// help in the connection's language (`/lang`): the terminal client runs in json and shows it to
/// a person, who would otherwise read English whatever their language. The text mode writes the
/// connection's language.
struct HelpReply: Message {
    let topic: String?
    let detail: String?
    let sets: SetLibrary?

    func text(in language: Language) -> String { Help.text(topic, detail, sets: sets, in: language) }

    /// Made once per language among its recipients (`Outbox`); `/help` is rare traffic.
    var jsonSpeaks: Bool { true }

    /// English json has no `message`: it would repeat `text`, doubling every bot's `/help`.
    func json(in language: Language) -> JSON {
        let fields: [(String, JSON)] = [EventType.ok.field, ("cmd", .string("help")), ("text", .string(text(in: Languages.english)))]
        guard language.code != Languages.english.code else { return .object(fields) }
        return .object(fields + [("message", .string(text(in: language)))])
    }

    var json: JSON { json(in: Languages.english) }
}
