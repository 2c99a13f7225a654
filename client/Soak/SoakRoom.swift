/// One soak room: a host that creates it (`play=no`), the room's bots, each answering every
/// question with the Swift solver for the room's kind, and the start once all have joined.
///
/// Owned by the reactor's thread.
package final class SoakRoom {
    package let index: Int
    package private(set) var code: String?
    package private(set) var bots: [BotPlayer] = []
    private let host: LineConnection
    private let settings: SoakSettings
    private let endpoint: Endpoint
    private unowned let reactor: Reactor
    private var settled = 0
    private var ended = Set<ObjectIdentifier>()
    var onCreated: (SoakRoom) -> Void = { _ in }
    var onFinished: (SoakRoom) -> Void = { _ in }
    var onFailure: (String) -> Void = { _ in }

    package init(index: Int, settings: SoakSettings, endpoint: Endpoint, reactor: Reactor) {
        self.index = index
        self.settings = settings
        self.endpoint = endpoint
        self.reactor = reactor
        host = LineConnection(to: endpoint, reactor: reactor)
        host.localHost = SoakSettings.roomHost(index)
    }

    package func open() {
        let (kind, options) = SoakSettings.kinds[index % SoakSettings.kinds.count]
        let create = "/create \(kind) play=no time=\(settings.time) gap=0.2 countdown=0 rounds=\(settings.rounds) \(options)"
        host.onLine = { [unowned self] line in receive(line) }
        host.onClose = { [unowned self] reason in onFailure("room \(index): the host's connection closed \(reason ?? "")") }
        host.connect(sendingJSON: ["/name teacher\(index)", create]) { onFailure("room \(index): \($0)") }
    }

    private func receive(_ line: String) {
        guard let reply = ServerMessage(line: line), reply.cmd == "create" else { return }
        if reply.event == .error { return onFailure("room \(index): /create refused: \(reply.string("message") ?? line)") }
        guard reply.event == .ok, let code = reply.string("room") else { return }
        self.code = code
        onCreated(self)
        seat(code)
    }

    private func seat(_ code: String) {
        for i in 0..<settings.players {
            let player = BotPlayer.Settings(room: code, skill: .random(in: 0.6...0.95), thinkMs: settings.time * 400, solver: nil,
                                            localHost: SoakSettings.roomHost(index))
            let bot = BotPlayer(name: "r\(index)p\(i)", settings: player, endpoint: endpoint, reactor: reactor)
            bot.onJoined = { [unowned self] _ in settle() }
            bot.onFailure = { [unowned self] bot in
                if !bot.joined { settle() }
                end(bot)
            }
            bot.onGameEnd = { [unowned self] bot in
                bot.leave()
                end(bot)
            }
            bots.append(bot)
            bot.start()
        }
    }

    /// Every bot joined or gave up: the game starts.
    private func settle() {
        settled += 1
        if settled == settings.players { host.send("/start") }
    }

    /// A bot is done, its game over or its connection lost; each counts once.
    private func end(_ bot: BotPlayer) {
        guard ended.insert(ObjectIdentifier(bot)).inserted else { return }
        if ended.count == settings.players { onFinished(self) }
    }

    package func close() {
        for bot in bots where bot.failure == nil && bot.gamesEnded == 0 { bot.leave() }
        host.send("/quit")
        host.close()
    }
}
