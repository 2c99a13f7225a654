import Foundation
import ChalklineStore
import Testing

/// Issue 17's black-box attacks, each at a size CI can afford, over real TCP against the real
/// server: no client may exhaust the server for everyone else.
@Suite struct ExhaustionTests {
    /// A client that opens a room and quits, as the room-code filler did (full size: one IP,
    /// short connections for 60 s, 331,776 codes, then `/create` spun forever).
    private func createAndQuit(_ server: LiveServer, _ name: String) throws -> [String: Any] {
        let c = try server.player(name)
        let reply = try c.command("/create times")
        try c.send("/quit")
        return reply.object
    }

    @Test func roomsAreCappedPerAddressAndInAllAndCreateAlwaysAnswers() throws {
        let server = try LiveServer(["--max-rooms", "6", "--max-rooms-per-ip", "4"])
        for i in 1...4 { #expect(try createAndQuit(server, "f\(i)").string("type") == "ok") }
        let refused = try createAndQuit(server, "f5")
        #expect(refused.string("code") == "too_many_rooms")
        #expect(refused.string("message")?.contains("Your address") == true)
        let ping = try server.player("p")
        #expect(try ping.command("/ping").string("type") == "ok")
        let server2 = try LiveServer(["--max-rooms", "3", "--max-rooms-per-ip", "10"])
        for i in 1...3 { #expect(try createAndQuit(server2, "g\(i)").string("type") == "ok") }
        #expect(try createAndQuit(server2, "g4").string("code") == "too_many_rooms")
    }

    /// Full size: 10,000 rooms and 400 `/rooms` stalled another client 7.2 s, and past 13,000
    /// rooms a json reply passed 1 MiB. Here 60 rooms and pages of 50.
    @Test func roomsListsOnePageWithTheTotal() throws {
        let server = try LiveServer(["--max-rooms-per-ip", "100"])
        for i in 1...60 { #expect(try createAndQuit(server, "r\(i)").string("type") == "ok") }
        let c = try server.player("lister")
        let first = try c.command("/rooms")
        #expect(first.list("rooms").count == 50)
        #expect(first.int("total") == 60)
        #expect(first.int("pages") == 2)
        let second = try c.command("/rooms 2")
        #expect(second.list("rooms").count == 10)
        #expect(second.int("page") == 2)
        #expect(Set(first.list("rooms").compactMap { $0.string("code") }).isDisjoint(with: second.list("rooms").compactMap { $0.string("code") }))
        #expect(try c.command("/rooms two").string("code") == "bad_args")
    }

    /// Full size: 80 players x 40 `/say` lines of 295 characters cut off all 82 connections at
    /// 1,048,584 queued bytes. Here 12 players x 12 lines against a 16 KiB cap, chat budget off:
    /// every burst is written out before anyone is judged, so nobody reading is cut off.
    @Test func aChatBurstDisconnectsNobodyWhoReads() throws {
        let server = try LiveServer(["--max-queued-bytes", "16384", "--room-chat-rate", "0", "--rate-limit", "0"])
        let host = try server.player("teacher")
        let code = try #require(try host.command("/create times").string("room"))
        let players = try (1...12).map { i -> HarnessClient in
            let p = try server.player("p\(i)")
            #expect(try p.command("/join \(code)").string("type") == "ok")
            return p
        }
        let line = "/say " + String(repeating: "x", count: 295) + "\n"
        let burst = Array(String(repeating: line, count: 12).utf8)
        for p in players { try p.sendRaw(burst) }
        // The host reads all 144 chat lines: it was not cut off as too slow.
        var chats = 0
        while chats < 144 {
            if try host.json(timeout: 10).string("type") == "chat" { chats += 1 }
        }
        #expect(try host.command("/ping").string("type") == "ok")
        #expect(!server.log.contains("client too slow"))
    }

    /// The room's chat budget: players share 10 lines a second (bursts of 20); the excess gets
    /// `rate_limited`, nobody is disconnected, and the teacher is never limited.
    @Test func theRoomsChatBudgetRefusesTheExcessButNotTheHost() throws {
        let server = try LiveServer(["--rate-limit", "0"])
        let host = try server.player("teacher")
        let code = try #require(try host.command("/create times").string("room"))
        let a = try server.player("a")
        _ = try a.command("/join \(code)")
        var limited = 0
        for i in 0..<30 where try a.command("/say hello \(i)").string("code") == "rate_limited" { limited += 1 }
        #expect(limited >= 5)
        for i in 0..<30 { #expect(try host.command("/say announcement \(i)").string("type") == "ok") }
    }

    /// Full size: 101 players x 150 rounds made a 1.67 MB report and cut the host off. Here a
    /// report of several KB against the smallest cap (1 KiB): the host asked for it, so it comes.
    @Test func aBigReportReachesTheHostWhoAskedForIt() throws {
        let server = try LiveServer(["--max-queued-bytes", "1024"])
        let host = try server.player("teacher")
        let code = try #require(try host.command("/create times time=2 gap=0 countdown=0 rounds=6 table=4 seed=3").string("room"))
        let players = try (1...4).map { i -> HarnessClient in
            let p = try server.player("player\(i)")
            _ = try p.command("/join \(code)")
            return p
        }
        _ = try host.command("/start")
        var ended = false
        while !ended {
            let event = try host.json(timeout: 10)
            if event.string("type") == "question", let text = event.string("text"), let answer = product(of: text) {
                _ = try host.command("/answer \(answer)")
                for p in players { _ = try p.command("/answer \(answer + 1)") }
            }
            ended = event.string("type") == "game_end"
        }
        let report = try host.command("/report", timeout: 10)
        #expect(report.string("type") == "ok")
        #expect(report.list("answers").count == 30)
        #expect(try host.command("/ping").string("type") == "ok")
    }

    /// Full size: 60 rooms abandoned from one IP grew the database 4.4 MB/s. Here one game
    /// of 200 one-second rounds that everyone drops: it ends after the grace, and the room goes.
    @Test func anAbandonedGameEndsAfterTheGraceAndWritesNoMore() throws {
        let server = try LiveServer(["--abandoned-game-timeout", "1"])
        let host = try server.player("teacher")
        let code = try #require(try host.command("/create times time=1 gap=0 countdown=0 rounds=200 seed=4").string("room"))
        let p = try server.player("pupil")
        _ = try p.command("/join \(code)")
        _ = try host.command("/start")
        _ = try p.expect("question")
        p.disconnect()
        host.disconnect()
        let watcher = try server.player("looker")
        let deadline = Date().addingTimeInterval(15)
        var gone = false
        while !gone && Date() < deadline {
            gone = !(try watcher.command("/rooms").list("rooms").contains { $0.string("code") == code })
        }
        #expect(gone, "the abandoned room is still open")
        // The game's end is committed on the storage thread: read until it is there.
        var report: [String: Any] = [:]
        while Date() < deadline, (report["game"] as? [String: Any])?.string("state") != "stopped" {
            report = (try? jsonReport(["game", "\(code)-1"], db: server.databasePath)) ?? [:]
        }
        #expect((report["game"] as? [String: Any])?.string("state") == "stopped")
        #expect(report.list("answers").count < 20, "rounds kept being written: \(report.list("answers").count)")
    }

    /// Full size: a read-only database for 2 minutes grew the backlog to 1,008,030 records and
    /// RSS to 192 MB, with 1,898 log lines. Here `--max-unsaved 100` and a game of some 200
    /// records: the backlog is cut, the host is told, and the log says it a few times at most.
    @Test func aFailingDatabaseKeepsABoundedBacklogAndAQuietLog() throws {
        let path = temporaryDatabasePath()
        defer { LiveServer.removeDatabase(path) }
        do { try Store(path: path).open() }
        #expect(chmod(path, 0o444) == 0)
        let server = try LiveServer(["--db", path, "--max-unsaved", "100"])
        let host = try server.player("teacher")
        let code = try #require(try host.command("/create times time=0.3 gap=0 countdown=0 rounds=40 table=5 seed=2").string("room"))
        // Issue 27: the database was found unwritable at start; the host hears it right after /create.
        var failures = [try host.expect("error").string("message") ?? ""]
        let players = try (1...4).map { i -> HarnessClient in
            let p = try server.player("p\(i)")
            _ = try p.command("/join \(code)")
            return p
        }
        _ = try host.command("/start")
        while true {
            let event = try host.json(timeout: 10)
            if event.string("type") == "question", let answer = product(of: event.string("text") ?? "") {
                _ = try host.command("/answer \(answer)")
                for p in players { _ = try p.command("/answer \(answer)") }
            }
            if event.string("code") == "storage_failed" { failures.append(event.string("message") ?? "") }
            if event.string("type") == "game_end" { break }
        }
        #expect(failures.count == 2, "\(failures)")
        #expect(failures.contains { $0.contains("were dropped") })
        try server.stop()
        let lines = server.log.split(separator: "\n")
        #expect(lines.filter { $0.contains("STORAGE FAILED") }.count <= 4, "\(lines.count) log lines")
    }

    /// Full size: `/format json`, `/claim`, `/report`, `/ping`, then `shutdown(SHUT_WR)` lost the
    /// `/report` and `/ping` replies 3 times of 3.
    @Test func aHalfClosedClientGetsEveryReplyBeforeTheClose() throws {
        let server = try LiveServer()
        let host = try server.player("teacher")
        let created = try host.command("/create times time=2 gap=0 countdown=0 rounds=1 table=2 seed=1")
        let code = try #require(created.string("room")), key = try #require(created.string("host_key"))
        let p = try server.player("pupil")
        _ = try p.command("/join \(code)")
        _ = try host.command("/start")
        let question = try p.expect("question")
        _ = try p.command("/answer \(product(of: question.string("text")!)!)")
        _ = try host.expect("game_end")
        host.disconnect()
        let again = try server.connect()
        try again.skipWelcome()
        try again.sendRaw(Array("/format json\n/claim \(code) \(key)\n/report\n/ping\n".utf8))
        again.finishSending()
        var replies: [String] = []
        while let line = try? again.json(timeout: 10) {
            if let cmd = line.string("cmd"), line.string("type") == "ok" { replies.append(cmd) }
        }
        #expect(replies == ["format", "claim", "report", "ping"])
    }
}
