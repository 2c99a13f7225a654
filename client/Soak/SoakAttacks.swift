/// Every kind of misbehaving client the soak sets on the server at once, as behaviours: long
/// lines, bad UTF-8, escape codes and control bytes in names, telnet negotiation, commands
/// with no room or a bad token, floods, a connection hog, a silent connection, a room filler,
/// a `/rooms` amplifier, chat bursts and abandoned games. Readers that never read are
/// `SlowReader`s.
package enum SoakAttacks {
    package static func behaviours(rooms codes: [String]) -> [Attacker.Behaviour] {
        let first = codes.first ?? "ZZZZ", second = codes.count > 1 ? codes[1] : first
        let bad = SoakSettings.badHost, attack = SoakSettings.attackHost
        func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
        var list: [Attacker.Behaviour] = [
            .init(from: bad, payloads: [bytes(String(repeating: "x", count: 5000) + "\n"), [0x2F, 0x6E, 0x61, 0x6D, 0x65, 0x20, 0xFF, 0xFE, 0x0A],
                                        [0xC3, 0x28] + bytes(" answer\n")], every: 0.05, retry: 0.1),
            .init(from: bad, payloads: [bytes("/name \u{1B}[31mred\u{1B}[0m\n"), bytes("/name nul\u{0}byte\n"), bytes("/join \(first) a\u{7}b\n")],
                  every: 0.05, retry: 0.1),
            .init(from: bad, payloads: [[0xFF, 0xFB, 0x01, 0xFF, 0xFD, 0x03] + bytes("/ping\r\n"),
                                        [0xFF, 0xFA, 0x18, 0x00] + bytes("xterm") + [0xFF, 0xF0] + bytes("/rooms\r\n")], every: 0.05, retry: 0.1),
            .init(from: bad, payloads: ["/join ZZZZ\n", "/join QQQQ x\n", "/rejoin \(first) deadbeef\n", "/start\n", "/kick r0p1\n"].map(bytes),
                  every: 0.02, retry: 0.1),
            // Floods: as fast as the socket takes; rate-limited, then `bye`, then again.
            .init(from: bad, payloads: [bytes(String(repeating: "/ping\n", count: 200))], every: 0.01, retry: 0.1),
            .init(from: bad, payloads: [bytes(String(repeating: "/ping\n", count: 200))], every: 0.01, retry: 0.1),
            // Silent (after the Enter that brings the welcome): the idle timeout's business.
            .init(from: bad, opening: bytes("\n")),
            // Opens a room and quits, over and over: the per-address cap answers too_many_rooms.
            .init(from: attack, opening: bytes("/name filler\n/create times\n/quit\n"), retry: 0.05),
            // Each /rooms reply is one page, however many rooms.
            .init(from: attack, opening: bytes("/format json\n"), payloads: [bytes(String(repeating: "/rooms\n", count: 15))], every: 1, retry: 0.2),
            // Starts a game and drops it: the game ends after the grace and writes nothing more.
            .init(from: attack, opening: bytes("/format json\n/name quitter\n/create times time=1 gap=0 countdown=0 rounds=500\n/start\n"),
                  closeAfter: 0.5, retry: 0.5),
        ]
        // Chat bursts of 295-character lines: the room's chat budget refuses the excess
        // (rate_limited) and nobody who reads is cut off.
        for i in 1...2 {
            list.append(.init(from: attack, opening: bytes("/join \(second) chat\(i)\n"),
                              payloads: [bytes(String(repeating: "/say " + String(repeating: "y", count: 295) + "\n", count: 30))],
                              every: 2, retry: 0.2))
        }
        return list
    }

    /// More connections than one address may hold, each held (and read) until the run ends.
    package static let hogConnections = 260
    /// Each presses Enter, as netcat would: the welcome (or the refusal) waits for a first line.
    package static var hog: Attacker.Behaviour { .init(from: SoakSettings.badHost, opening: Array("\n".utf8)) }
}
