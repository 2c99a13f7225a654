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

    func json(in language: Language) -> JSON {
        let english = text(in: Languages.english)
        let message = language.code == Languages.english.code ? english : text(in: language)
        return .object([EventType.ok.field, ("cmd", .string("help")), ("text", .string(english)), ("message", .string(message))])
    }

    var json: JSON { json(in: Languages.english) }
}
