import ChalklineCore
import Foundation
import Testing

/// The teacher's secret over real TCP (issue 40, "Who sees it"): `/teacher SECRET` opens the
/// desk's reads to one connection; without it a student on the same network reads no past
/// game, class, progress or homework; a wrong secret counts toward the guess limit.
@Suite struct TeacherSecretTests {
    /// The secret the server made (in the file `LiveServer` names), typed as a teacher might:
    /// lower case, with a space for the dash.
    @Test func theRightSecretOpensTheDeskAndAWrongOneIsRefused() throws {
        let server = try LiveServer()
        let secret = try #require(server.teacherSecret)
        #expect(secret.wholeMatch(of: /[A-Z]{4}-[A-Z]{4}/) != nil, "\(secret)")
        let teacher = try server.player("MsLee")
        #expect(try teacher.command("/report games").string("code") == "not_teacher")
        let wrong = try teacher.command(secret == "ABCD-EFGH" ? "/teacher ZZZZ-ZZZZ" : "/teacher ABCD-EFGH")
        #expect(wrong.string("code") == "bad_password", "\(wrong)")
        let right = try teacher.command("/teacher \(secret.lowercased().replacingOccurrences(of: "-", with: " "))")
        #expect(right.string("type") == "ok" && right.string("cmd") == "teacher", "\(right)")
        #expect(try teacher.command("/report games").string("type") == "ok")
    }

    /// Each wrong `/teacher` is a guess: after `Limits.failedGuesses` of them the address is
    /// shut out, the right secret included.
    @Test func wrongSecretsCountTowardTheGuessLimit() throws {
        let server = try LiveServer()
        let secret = try #require(server.teacherSecret)
        let guesser = try server.player("guess")
        for n in 1...Limits.failedGuesses {
            let reply = try guesser.command("/teacher WRONG\(n)")
            try #require(reply.string("code") == "bad_password", "try \(n): \(reply)")
        }
        let limited = try guesser.command("/teacher \(secret)")
        #expect(limited.string("code") == "rate_limited", "\(limited)")
    }

    /// With `--create-password` the password is the secret, and after it `/create` and `/assign`
    /// need no `password=`.
    @Test func theCreatePasswordIsTheSecretAndThenCreateNeedsNoPassword() throws {
        let server = try LiveServer(["--create-password", "apple-pie"])
        let teacher = try server.player("MsLee")
        #expect(try teacher.command("/create times").string("code") == "bad_password")
        #expect(try teacher.command("/teacher apple-pie").string("type") == "ok")
        #expect(try teacher.command("/assign times due=\(HomeworkTCPTests.tomorrow)").string("type") == "ok")
        #expect(try teacher.command("/create times").string("type") == "ok")
    }

    /// Everything the desk reads is refused to a connection without the secret, as it would be
    /// to a student who opened /host on the school's network.
    @Test func withoutTheSecretTheDesksReadsAreRefused() throws {
        let server = try LiveServer()
        let student = try server.player("ann")
        for line in ["/report games", "/report game 1", "/report game 1 csv", "/report class 4B", "/report player ann",
                     "/report assignment ABCD", "/report assignments", "/class list"] {
            let reply = try student.command(line)
            #expect(reply.string("code") == "not_teacher", "\(line): \(reply)")
        }
    }

    /// A game just played is in `/report games`, and `/report game ID csv` is the CSV the
    /// terminal's `chalkline-server report game ID --csv` writes.
    @Test func theTeacherReadsAGameJustPlayedAsTheTerminalDoes() throws {
        let server = try LiveServer()
        let ann = try server.player("ann")
        _ = try ann.command("/create times time=5 gap=0 countdown=0 rounds=1 table=7 seed=5")
        _ = try ann.command("/start")
        let question = try ann.expect("question", timeout: 10)
        _ = try ann.command("\(try #require(product(of: question.string("text") ?? "")))")
        let game = try #require(try ann.expect("game_end", timeout: 10).string("game"))

        let teacher = try server.player("MsLee")
        _ = try teacher.command("/teacher \(try #require(server.teacherSecret))")
        let games = try teacher.command("/report games")
        #expect(games.string("subject") == "games", "\(games)")
        let listed = games.list("games")
        #expect(listed.map { $0["game"] as? String } == [game], "\(games)")
        #expect(listed.first.map { $0["class"] is NSNull } == true, "a game without a class: \(listed)")
        let id = try #require(listed.first?["id"] as? Int)

        let csv = try teacher.command("/report game \(id) csv")
        #expect(csv.string("subject") == "game")
        let terminal = try FinishedRun.server(["report", "--db", server.databasePath, "--csv", "game", "\(id)"])
        #expect(terminal.status == 0, "\(terminal.stderr)")
        #expect(csv.string("csv") == terminal.stdout, "the reply's CSV:\n\(csv.string("csv") ?? "none")\nthe terminal's:\n\(terminal.stdout)")
        // By its name too, as game_end gave it.
        #expect(try teacher.command("/report game \(game)").string("report") == "game")
        #expect(try teacher.command("/report game NOPE-9").string("code") == "bad_args")
        #expect(try teacher.command("/report games class=4B").string("code") == "no_class")
    }
}
