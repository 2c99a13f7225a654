import Foundation
@testable import ChalklineCore

/// A `ServerCore` driven by hand: lines in, JSON lines out per connection, and a clock the test
/// moves itself, so a level's timeout is a `tick` away instead of a sleep.
final class WordsCoreHarness {
    let core: ServerCore
    private(set) var now: Millis = 0
    private var nextID: UInt64 = 1
    private var inbox: [ConnectionID: [[String: Any]]] = [:]

    init(packs: [LevelPack] = [WordsFixtures.pack]) {
        var config = ServerConfig()
        config.levelPacks = packs
        var rng = SplitMix64(seed: 2024)
        core = ServerCore(config: config, random: { rng.next() })
    }

    /// A connection in json format with a name.
    func connect(_ name: String) -> ConnectionID {
        let id = ConnectionID(nextID)
        nextID += 1
        collect(core.connect(id, peer: "test", now: now))
        send(id, "/format json")
        send(id, "/name \(name)")
        _ = take(id)
        return id
    }

    func send(_ id: ConnectionID, _ line: String) {
        let bytes = Array((line + "\n").utf8)
        collect(bytes.withUnsafeBytes { core.receive(id, $0, now: now) })
    }

    /// Moves the clock to `ms` and fires what is due.
    func advance(to ms: Millis) {
        now = ms
        collect(core.tick(now: ms))
    }

    /// Everything `id` received since the last `take`.
    func take(_ id: ConnectionID) -> [[String: Any]] {
        defer { inbox[id] = [] }
        return inbox[id] ?? []
    }

    /// The messages of one type `id` received since the last `take` (the rest are dropped).
    func take(_ id: ConnectionID, type: String) -> [[String: Any]] {
        take(id).filter { $0["type"] as? String == type }
    }

    private func collect(_ effects: [Effect]) {
        for effect in effects {
            guard case .send(let ids, let payload) = effect else { continue }
            for line in payload.string.split(separator: "\n") {
                let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? ["raw": String(line)]
                for id in ids { inbox[id, default: []].append(object) }
            }
        }
    }
}
