/// Collects the effects of one call into the core, in the order they must happen.
struct Outbox {
    private(set) var effects: [Effect] = []

    /// Renders `message` once per format in use among `recipients` and shares those bytes.
    mutating func send(_ message: some Message, to recipients: some Sequence<Session>) {
        var json: [ConnectionID] = []
        var text: [ConnectionID] = []
        for session in recipients {
            switch session.format {
            case .json: json.append(session.id)
            case .text: text.append(session.id)
            }
        }
        if !json.isEmpty { effects.append(.send(json, message.rendered(.json))) }
        if !text.isEmpty { effects.append(.send(text, message.rendered(.text))) }
    }

    mutating func send(_ message: some Message, to session: Session) {
        send(message.rendered(session.format), to: session)
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
