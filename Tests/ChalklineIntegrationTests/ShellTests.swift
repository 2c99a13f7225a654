import Foundation
import Testing

/// What the libuv shell promises whatever the game: IPv6, slow readers cut off without hurting
/// anyone else, and a server that keeps serving when it runs out of file descriptors.
@Suite struct ShellTests {
    @Test func servesIPv6() throws {
        let server = try LiveServer(["--bind", "::1"])
        let client = try server.connect(host: "::1")
        #expect(try client.expectText("Welcome to Chalkline").contains("protocol 1"))
        try client.skipWelcome()
        try client.send("/ping")
        #expect(try client.line() == "pong")
    }

    @Test func aClientThatStopsReadingIsCutOffAndOthersAreNotSlowed() throws {
        // Flood control off: this test needs the 20,000 lines below all run, to pile up output.
        let server = try LiveServer(["--max-queued-bytes", "65536", "--rate-limit", "0"])
        let slow = try server.connect(receiveBuffer: 4096)
        let other = try server.connect()
        try other.skipWelcome()
        // Twenty thousand /help lines ask for about 25 MB of replies that `slow` never reads.
        try slow.sendRaw(Array(String(repeating: "/help\n", count: 20_000).utf8))
        // A deadline, not a stopwatch: a server held up by `slow` never answers at all, while a
        // busy CI machine (the whole suite in parallel on 2 cores) once took over 5 s to.
        try other.send("/ping")
        #expect(try other.line(timeout: 20) == "pong")
        #expect(try slow.waitForClose(timeout: 20), "the server should close a client that does not read")
        #expect(server.log.contains("client too slow"))
        try other.send("/ping")
        #expect(try other.line(timeout: 20) == "pong")
    }

    /// libuv parks a spare descriptor for EMFILE: accept failures are logged, the connections the
    /// server has keep working, and it accepts again once descriptors are free.
    @Test func outOfFileDescriptorsKeepsServingAndRecovers() throws {
        let server = try LiveServer(fileLimit: 24)
        var clients: [HarnessClient] = []
        var refused = 0
        for _ in 0..<40 {
            let client = try server.connect()
            if (try? client.expectText("Welcome", timeout: 2)) != nil {
                clients.append(client)
            } else {
                refused += 1
            }
        }
        #expect(refused > 0, "with 24 descriptors some of 40 connections must be refused")
        #expect(clients.count > 5)
        for client in clients.prefix(1) {
            try client.skipWelcome()
            try client.send("/ping")
            #expect(try client.line() == "pong")
        }
        clients.removeLast(5)
        var late: HarnessClient?
        for _ in 0..<20 where late == nil {
            let client = try server.connect()
            if (try? client.expectText("Welcome", timeout: 2)) != nil { late = client }
        }
        #expect(late != nil, "after descriptors are freed the server accepts again")
        #expect(server.log.contains("out of file descriptors"))
    }
}
