import Testing
@testable import ChalklineCore

/// Found by the fuzzer (FuzzTesting/FailCases/leak-seat-session-cycle): a seat and the session
/// holding it referenced each other strongly, so a core torn down with players seated leaked both.
@Suite struct OwnershipTests {
    @Test func aSeatedSessionIsFreedWithTheCore() {
        var core: ServerCore? = ServerCore(config: ServerConfig()) { 42 }
        _ = core!.connect(ConnectionID(1), peer: "test", now: 0)
        let bytes = Array("/name ann\n/create times\n".utf8)
        _ = bytes.withUnsafeBytes { core!.receive(ConnectionID(1), $0, now: 0) }
        weak let session = core!.sessions[ConnectionID(1)]
        weak let seat = session?.seat
        #expect(seat != nil, "the creator should be seated")
        core = nil
        #expect(session == nil)
        #expect(seat == nil)
    }
}
