import ChalklineCore

/// libFuzzer's entry: the input is a script of chunks for four connections to one core, so the
/// fuzzer reaches framing, UTF-8 and IAC handling, command parsing, rooms and every race.
///
/// Each chunk starts with a control byte: the low two bits pick the connection, the next three
/// how far the clock moves (0 to 700 ms, so rounds open and close), and the top bit whether the
/// connection drops and comes back. The next byte is the chunk's length, then the bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInputPath(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: size)
    var seed: UInt64 = 0x5EED
    let core = ServerCore(config: FuzzSupport.config) {
        seed &+= 0x9E37_79B9_7F4A_7C15
        return seed
    }
    var now: Millis = 0
    // Through the runner the shell uses: the questions leave at once, and their time starts then.
    let target = DiscardingTarget()
    let runner = EffectRunner(core: core, target: target, writes: .asSent)
    defer { withExtendedLifetime(target) {} }  // the runner holds it unowned
    func check(_ effects: [Effect]) { FuzzSupport.check(effects) }
    var generation: [UInt64] = [0, 0, 0, 0]
    func id(_ n: Int) -> ConnectionID { ConnectionID(UInt64(n) * 1000 + generation[n]) }
    for n in 0..<4 { check(runner.connect(id(n), peer: "10.0.0.\(n)", now: now)) }
    // A room every connection can find, so short inputs reach the game quickly; the first byte
    // picks which quiz kind of the catalog it plays, so every kind's judge meets fuzzed answers.
    FuzzSupport.opening(kind: input.first ?? 0).withUnsafeBytes { check(runner.receive(id(0), $0, now: now)) }
    var i = 0
    while i + 1 < input.count {
        let control = input[i]
        let length = Int(input[i + 1])
        let start = i + 2
        let end = min(input.count, start + length)
        i = end
        let n = Int(control & 3)
        now += Millis((control >> 2) & 7) * 100
        check(runner.tick(now: now))
        if control & 0x80 != 0 {
            check(runner.disconnect(id(n), now: now))
            generation[n] += 1
            check(runner.connect(id(n), peer: "10.0.0.\(n)", now: now))
        }
        check(runner.receive(id(n), UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(input)[start..<end]), now: now))
        if let deadline = core.nextDeadline(), deadline < now - 1 {
            fatalError("the core wants a deadline in the past: \(deadline) < \(now)")
        }
    }
    check(runner.shutdown(message: "bye", now: now))
    return 0
}

enum FuzzSupport {
    static let config: ServerConfig = {
        var config = ServerConfig()
        config.maxPlayersPerRoom = 3
        return config
    }()

    static let quizKinds: [String] = RaceCatalog.kinds.compactMap { kind in
        if case .quiz = kind.style { return kind.name }
        return nil
    }

    static func opening(kind byte: UInt8) -> [UInt8] {
        let kind = quizKinds[Int(byte) % quizKinds.count]
        return Array("/name host\n/create \(kind) time=0.5 gap=0.2 countdown=0 rounds=3\n".utf8)
    }

    /// Whatever the input, every message the server sends is whole lines.
    static func check(_ effects: [Effect]) {
        for case .send(_, let payload) in effects where payload.count == 0 || payload.bytes.last != 0x0A {
            fatalError("a payload that is not whole lines: \(payload.string)")
        }
    }
}
