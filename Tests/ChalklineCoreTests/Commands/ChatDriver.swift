import Foundation
@testable import ChalklineCore

/// Drives a `ServerCore` the way the shell does, with synthetic time, and keeps what each
/// connection received as decoded json lines.
final class ChatDriver {
    let core: ServerCore
    var now: Millis = 1_000
    private var nextID: UInt64 = 0
    private(set) var inbox: [ConnectionID: [[String: Any]]] = [:]
    private(set) var closed: Set<ConnectionID> = []

    init() {
        var seed: UInt64 = 42
        core = ServerCore(config: ServerConfig(), random: {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return seed
        })
    }

    /// A json-mode connection, optionally already named.
    func connect(_ name: String? = nil) -> ConnectionID {
        nextID += 1
        let id = ConnectionID(nextID)
        apply(core.connect(id, peer: "test", now: now))
        send(id, "/format json")
        if let name { send(id, "/name \(name)") }
        inbox[id] = []
        return id
    }

    /// Sends one line and returns its reply (the first ok/error it caused for `id`).
    @discardableResult
    func send(_ id: ConnectionID, _ line: String) -> [String: Any] {
        let before = inbox[id]?.count ?? 0
        let bytes = Array((line + "\n").utf8)
        bytes.withUnsafeBytes { apply(core.receive(id, $0, now: now)) }
        return inbox[id, default: []].dropFirst(before).first { ["ok", "error"].contains($0["type"] as? String) } ?? [:]
    }

    func advance(_ ms: Millis) {
        now += ms
        apply(core.tick(now: now))
    }

    func drop(_ id: ConnectionID) { apply(core.disconnect(id, now: now)) }

    /// Everything of `type` that `id` received, oldest first; clears nothing.
    func events(_ id: ConnectionID, _ type: String) -> [[String: Any]] {
        inbox[id, default: []].filter { $0["type"] as? String == type }
    }

    func clear() { for key in inbox.keys { inbox[key] = [] } }

    private func apply(_ effects: [Effect]) {
        for effect in effects {
            switch effect {
            case .send(let ids, let payload):
                for line in payload.string.split(separator: "\n") {
                    // Text-mode lines (the first welcome) are not json; tests only read json.
                    guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { continue }
                    for id in ids { inbox[id, default: []].append(object) }
                }
            case .close(let id):
                closed.insert(id)
                apply(core.disconnect(id, now: now))
            case .record, .report:
                break  // storage is the shell's; chat tests do not read it
            }
        }
    }
}

extension Dictionary where Key == String, Value == Any {
    var type: String? { self["type"] as? String }
    var code: String? { self["code"] as? String }
}
