import Testing

/// Issue 38, section 8: `waitForClose()` returned true whatever happened, so the tests that
/// expect the server to close a connection (a flood, an idler, a full server, a slow reader, an
/// HTTP answer) checked nothing. It says false for a connection the server keeps open (over
/// WebSocket: until the TCP connection ends, not at the close frame), on every backend.
@Suite struct WaitForCloseTests {
    @Test(arguments: ServerBackend.allCases)
    func falseForAConnectionTheServerKeepsTrueForOneItEnds(backend: ServerBackend) throws {
        let server = try ServerHarness.scenario(backend)
        let staying = try server.jsonClient("ann")
        #expect(try staying.waitForClose(timeout: 1) == false, "ann's connection is open")
        #expect(try staying.command("/ping").type == "ok", "and still answers")
        let leaving = try server.jsonClient("bo")
        try leaving.send("/quit")
        #expect(try leaving.waitForClose(timeout: 5), "/quit ends bo's connection")
    }
}
