import Foundation
import Testing
@testable import ChalklineCore

/// One `.send` effect, decoded: who gets it and what it says.
struct Sent {
    let to: [ConnectionID]
    let payload: Payload
    var string: String { payload.string }
    /// The payload as JSON objects, one per line (json-format recipients only).
    var messages: [Msg] {
        string.split(separator: "\n").map { Msg(line: String($0)) }
    }
}

/// One JSON line from the server, read with Foundation so the tests do not trust the core's encoder.
struct Msg: CustomStringConvertible {
    let line: String
    let object: [String: Any]

    init(line: String) {
        self.line = line
        let data = Data(line.utf8)
        object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? ["type": "<not json>"]
    }

    var type: String { object["type"] as? String ?? "" }
    var cmd: String? { object["cmd"] as? String }
    var code: String? { object["code"] as? String }
    var isReply: Bool { type == "ok" || type == "error" }
    subscript(_ key: String) -> Any? { object[key] }
    func int(_ key: String) -> Int? { Msg.int(object[key]) }
    func double(_ key: String) -> Double? { Msg.double(object[key]) }
    func string(_ key: String) -> String? { object[key] as? String }
    func bool(_ key: String) -> Bool? { Msg.bool(object[key]) }
    func list(_ key: String) -> [[String: Any]] { object[key] as? [[String: Any]] ?? [] }

    /// JSON true/false, told apart from numbers (Foundation hands both out as NSNumber).
    static func isBool(_ v: Any?) -> Bool {
        guard let v else { return false }
        return v is Bool && String(describing: Swift.type(of: v)).contains("Bool")
    }

    static func int(_ v: Any?) -> Int? {
        isBool(v) ? nil : v as? Int
    }

    static func double(_ v: Any?) -> Double? {
        isBool(v) ? nil : v as? Double
    }

    static func bool(_ v: Any?) -> Bool? { isBool(v) ? v as? Bool : nil }

    /// `round_end` results as "name correct points ms" ("-" for a null ms).
    var results: [String] {
        list("results").map { r in
            let ms = Msg.int(r["ms"]).map(String.init) ?? (r["ms"] is NSNull ? "-" : "?")
            return "\(r["name"] as? String ?? "?") \(Msg.bool(r["correct"]).map(String.init) ?? "?") \(Msg.int(r["points"]) ?? -1) \(ms)"
        }
    }

    /// `standings` as "rank name score".
    var standings: [String] {
        list("standings").map { "\(Msg.int($0["rank"]) ?? -1) \($0["name"] as? String ?? "?") \(Msg.int($0["score"]) ?? -1)" }
    }
    var description: String { line }
}

/// Drives a `ServerCore` with strings and a clock the test sets by hand.
final class Harness {
    let core: ServerCore
    var now: Millis = 0

    init(config: ServerConfig = ServerConfig(), seed: UInt64 = 42) {
        var rng = SplitMix64(seed: seed)
        core = ServerCore(config: config, random: { rng.next() })
    }

    /// A core built by the test itself (a random source of its own, say).
    init(core: ServerCore) {
        self.core = core
    }

    static func id(_ n: UInt64) -> ConnectionID { ConnectionID(n) }

    @discardableResult
    func connect(_ n: UInt64, peer: String? = nil) -> [Effect] {
        core.connect(ConnectionID(n), peer: peer ?? "10.0.0.\(n)", now: now)
    }

    /// Sends raw bytes (no newline added).
    @discardableResult
    func bytes(_ n: UInt64, _ bytes: [UInt8]) -> [Effect] {
        bytes.withUnsafeBytes { core.receive(ConnectionID(n), $0, now: now) }
    }

    /// Sends one line (LF appended).
    @discardableResult
    func line(_ n: UInt64, _ text: String) -> [Effect] {
        bytes(n, Array((text + "\n").utf8))
    }

    @discardableResult
    func tick(_ at: Millis) -> [Effect] {
        now = at
        return core.tick(now: at)
    }

    @discardableResult
    func disconnect(_ n: UInt64) -> [Effect] {
        core.disconnect(ConnectionID(n), now: now)
    }

    /// A json-format connection with a name.
    func jsonClient(_ n: UInt64, name: String? = nil, peer: String? = nil) {
        connect(n, peer: peer)
        line(n, "/format json")
        if let name { line(n, "/name \(name)") }
    }

    /// Connection 1 ("Ann", json) creates a times room with `options`; returns the room code.
    func room(_ options: String = "table=7 max=4 rounds=3 time=10 gap=0 countdown=0 seed=1") -> String {
        jsonClient(1, name: "Ann")
        let reply = Self.messages(line(1, "/create times \(options)"), to: 1)
        let code = reply.first?.string("room") ?? ""
        precondition(reply.first?.type == "ok", "create failed: \(reply)")
        return code
    }

    /// A json player `name` on connection `n` joins `code`; returns the join reply.
    @discardableResult
    func join(_ n: UInt64, _ name: String, _ code: String) -> Msg {
        jsonClient(n)
        return Self.messages(line(n, "/join \(code) \(name)"), to: n)[0]
    }

    // MARK: Reading effects

    static func sends(_ effects: [Effect]) -> [Sent] {
        effects.compactMap {
            if case let .send(to, payload) = $0 { return Sent(to: to, payload: payload) }
            return nil
        }
    }

    static func closes(_ effects: [Effect]) -> [ConnectionID] {
        effects.compactMap {
            if case let .close(id) = $0 { return id }
            return nil
        }
    }

    /// Everything connection `n` receives, in order, as json messages.
    static func messages(_ effects: [Effect], to n: UInt64) -> [Msg] {
        sends(effects).filter { $0.to.contains(ConnectionID(n)) }.flatMap(\.messages)
    }

    /// Everything connection `n` receives, in order, as raw text.
    static func text(_ effects: [Effect], to n: UInt64) -> String {
        sends(effects).filter { $0.to.contains(ConnectionID(n)) }.map(\.string).joined()
    }
}

extension Array where Element == Msg {
    var types: [String] { map(\.type) }
    var replies: [Msg] { filter(\.isReply) }
}

