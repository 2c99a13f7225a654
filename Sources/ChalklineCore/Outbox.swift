/// Collects the effects of one call into the core, in the order they must happen.
struct Outbox {
    private(set) var effects: [Effect] = []

    /// Renders `message` once per format and language in use among `recipients` and shares those
    /// bytes: json once in all unless it speaks (`Message.jsonSpeaks`), text once a language.
    mutating func send(_ message: some Message, to recipients: some Sequence<Session>) {
        var json: [ConnectionID] = []
        var text: [ConnectionID] = []
        // Most rooms speak one language: the others are gathered only when one appears.
        var otherJSON: [UInt8: [ConnectionID]] = [:]
        var otherText: [UInt8: [ConnectionID]] = [:]
        let speaks = message.jsonSpeaks
        for session in recipients {
            let lang = session.languageIndex
            switch session.format {
            case .json:
                if lang == 0 || !speaks { json.append(session.id) } else { otherJSON[lang, default: []].append(session.id) }
            case .text:
                if lang == 0 { text.append(session.id) } else { otherText[lang, default: []].append(session.id) }
            }
        }
        // A json line that speaks (an error's or a sentence question's `message`) says it in
        // English too: only its bytes' path differs.
        if !json.isEmpty { effects.append(.send(json, speaks ? message.rendered(.json, in: Languages.english) : message.rendered(.json))) }
        if !text.isEmpty { effects.append(.send(text, message.rendered(.text))) }
        for (lang, ids) in otherJSON.sorted(by: { $0.key < $1.key }) {
            effects.append(.send(ids, message.rendered(.json, in: Languages.all[Int(lang)])))
        }
        for (lang, ids) in otherText.sorted(by: { $0.key < $1.key }) {
            effects.append(.send(ids, message.rendered(.text, in: Languages.all[Int(lang)])))
        }
    }

    mutating func send(_ message: some Message, to session: Session) {
        let plain = session.languageIndex == 0 && !(session.format == .json && message.jsonSpeaks)
        let payload = plain ? message.rendered(session.format) : message.rendered(session.format, in: session.language)
        send(payload, to: session)
    }

    /// Bytes already made in `session`'s format (a big room's cut table).
    mutating func send(_ payload: Payload, to session: Session) {
        effects.append(.send([session.id], payload))
    }

    mutating func record(_ record: GameRecord) {
        effects.append(.record(record))
    }

    mutating func report(_ request: ReportRequest) {
        effects.append(.report(request))
    }

    /// The send just made was a round's question (see `Effect.roundStarted`).
    mutating func roundStarted(_ start: RoundStart) {
        effects.append(.roundStarted(start))
    }

    mutating func close(_ session: Session) {
        effects.append(.close(session.id))
    }
}
