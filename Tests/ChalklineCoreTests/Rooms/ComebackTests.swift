import ChalklineTesting
import Testing
@testable import ChalklineCore

/// Issue 38, 5: a student whose tablet died, back on another device under their own name, got
/// `name_taken` and a command with a token no child has. `/comeback` asks the host, who alone
/// can give the seat (`/letin`); the seat moves with its score and a new token.
@Suite("Rooms: back on another device, with the host's leave")
struct ComebackTests {
    /// Ann hosts (play=no); sam plays on his tablet and scores in round 1 of a running game.
    private func samScored() throws -> (ServerHarness, String, ann: HarnessClient, tablet: HarnessClient, InProcessServer) {
        let h = try ServerHarness(.inProcess)
        let clock = try #require(h.inProcess)
        let (ann, code) = try h.timesRoom("table=7 max=4 rounds=3 time=10 gap=0 countdown=0 seed=1 play=no")
        let (tablet, _) = try h.join("sam", code)
        let started = try ann.step("/start").messages(to: tablet)
        clock.setTime(1_000)
        let reply = try tablet.step("\(AnswerNamesItsQuestionTests.product(started.first { $0.type == "question" }))").messages(to: tablet)
        #expect(reply.first?.bool("correct") == true)
        return (h, code, ann, tablet, clock)
    }

    @Test func theHostLetsSamBackInAndTheSeatMovesWithItsScoreAndANewToken() throws {
        let (h, code, ann, tablet, _) = try samScored()
        let phone = try h.jsonClient()
        let asked = try phone.step("/comeback \(code) SAM")
        #expect(asked.messages(to: phone).first?.cmd == "comeback")
        #expect(asked.messages(to: phone).first?.bool("waiting") == true)
        let request = asked.messages(to: ann)
        #expect(request.types == ["comeback"])
        #expect(request.first?.string("name") == "sam")
        #expect(request.first?.bool("connected") == true, "the frozen tablet still holds the seat")
        #expect(asked.messages(to: tablet).isEmpty, "nothing happens to the seat before the host answers")
        let number = try #require(asked.messages(to: phone).first?.int("number"))
        #expect(request.first?.int("number") == number)

        let letIn = try ann.step("/letin sam \(number)")
        #expect(letIn.messages(to: ann).first?.cmd == "letin")
        #expect(letIn.messages(to: ann).first?.bool("allowed") == true)
        let back = letIn.messages(to: phone)
        #expect(back.first?.type == "let_in")
        #expect(back.first?.bool("allowed") == true)
        #expect(back.first?.int("score") ?? 0 > 0, "the score came with the seat")
        #expect(back.first?.string("name") == "sam")
        let token = back.first?.string("token") ?? ""
        #expect(token.count == 32)
        #expect(back.types.contains("question"), "the open question again, to answer on the new device: \(back.types)")
        #expect(letIn.messages(to: tablet).types == ["seat_moved"])
        // The tablet is outside the room, still connected; the phone plays.
        #expect(try tablet.step("/scores").messages(to: tablet).first?.code == "not_in_room")
        #expect(try phone.step("/scores").messages(to: phone).first?.standings.first?.hasSuffix("sam 950") == true)
        // The new token holds the seat after a drop; nothing else does.
        _ = try phone.stepDisconnect()
        let again = try h.jsonClient()
        #expect(try again.step("/rejoin \(code) \(token)").messages(to: again).first?.int("score") == 950)
    }

    @Test func theOldTokenNoLongerHoldsTheSeat() throws {
        let h = try ServerHarness(.inProcess)
        let (ann, code) = try h.timesRoom("play=no")
        let (tablet, joined) = try h.join("sam", code)
        let oldToken = joined.string("token") ?? ""
        let phone = try h.jsonClient()
        let number = try #require(try phone.step("/comeback \(code) sam").messages(to: phone).first?.int("number"))
        // In the lobby the seat would be released if the tablet dropped: it is still connected here.
        try ann.step("/letin sam \(number)")
        _ = tablet
        let thief = try h.jsonClient()
        #expect(try thief.step("/rejoin \(code) \(oldToken)").messages(to: thief).first?.code == "bad_token")
    }

    @Test func nobodyButTheHostCanLetAStudentIn() throws {
        let (h, code, ann, tablet, _) = try samScored()
        let (bob, _) = try h.join("bob", code)
        let phone = try h.jsonClient()
        try phone.step("/comeback \(code) sam")
        #expect(try bob.step("/letin sam").messages(to: bob).first?.code == "not_host")
        #expect(try phone.step("/letin sam").messages(to: phone).first?.code == "not_in_room")
        #expect(try tablet.step("/letin sam").messages(to: tablet).first?.code == "not_host")
        #expect(try ann.step("/letin nobody 123").messages(to: ann).first?.code == "no_such_player")
        #expect(try ann.step("/letin sam 123 maybe").messages(to: ann).first?.code == "bad_args")
        // The seat never moved.
        #expect(try tablet.step("/scores").messages(to: tablet).first?.type == "ok")
    }

    @Test func theHostCanSayNo() throws {
        let (h, code, ann, tablet, _) = try samScored()
        let phone = try h.jsonClient()
        let number = try #require(try phone.step("/comeback \(code) sam").messages(to: phone).first?.int("number"))
        let no = try ann.step("/letin sam \(number) no")
        #expect(no.messages(to: ann).first?.bool("allowed") == false)
        let told = no.messages(to: phone)
        #expect(told.types == ["let_in"])
        #expect(told.first?.bool("allowed") == false)
        #expect(told.first?.object["token"] == nil)
        #expect(no.messages(to: tablet).isEmpty)
        #expect(try ann.step("/letin sam \(number)").messages(to: ann).first?.code == "no_such_player", "the request was answered")
    }

    @Test func aRequestForAFreeNameJustJoins() throws {
        let h = try ServerHarness(.inProcess)
        let (ann, code) = try h.timesRoom("play=no")
        let phone = try h.jsonClient()
        let step = try phone.step("/comeback \(code) zoe")
        #expect(step.messages(to: phone).first?.cmd == "join")
        #expect(step.messages(to: phone).first?.string("token") != nil)
        #expect(step.messages(to: ann).types == ["joined"])
    }

    @Test func requestsAreBoundedSoAStudentCannotFloodTheTeacher() throws {
        let h = try ServerHarness(.inProcess)
        let (ann, code) = try h.timesRoom("play=no")
        let names = (1...Limits.comebackRequestsPerRoom + 1).map { "kid\($0)" }
        for name in names { _ = try h.join(name, code) }
        let asker = try h.jsonClient()
        // The same connection asking again (a double tap): answered, the teacher told once.
        #expect(try asker.step("/comeback \(code) kid1").messages(to: ann).count == 1)
        let twice = try asker.step("/comeback \(code) kid1")
        #expect(twice.messages(to: asker).first?.cmd == "comeback")
        #expect(twice.messages(to: ann).isEmpty)
        // One request a connection.
        #expect(try asker.step("/comeback \(code) kid2").messages(to: asker).first?.code == "rate_limited")
        // Several may ask under one name, each with its own number; the host hears each.
        let other = try h.jsonClient()
        let second = try other.step("/comeback \(code) kid1")
        #expect(second.messages(to: other).first?.cmd == "comeback")
        #expect(second.messages(to: ann).count == 1)
        _ = try other.stepDisconnect()
        // At most a few waiting in the room.
        for name in names.dropFirst().dropLast() {
            let client = try h.jsonClient()
            #expect(try client.step("/comeback \(code) \(name)").messages(to: client).first?.cmd == "comeback")
        }
        let last = try h.jsonClient()
        let refused = try last.step("/comeback \(code) \(names.last!)")
        #expect(refused.messages(to: last).first?.code == "rate_limited")
        #expect(refused.messages(to: ann).isEmpty)
        // A request whose connection went away frees its place.
        _ = try asker.stepDisconnect()
        #expect(try last.step("/comeback \(code) \(names.last!)").messages(to: last).first?.cmd == "comeback")
    }

    @Test func theHostsSeatHomeworkAndUnknownRoomsAreRefused() throws {
        let h = try ServerHarness(.inProcess)
        let (_, code) = try h.timesRoom()
        let phone = try h.jsonClient()
        #expect(try phone.step("/comeback \(code) ann").messages(to: phone).first?.code == "name_taken")
        #expect(try phone.step("/comeback ZZZZ sam").messages(to: phone).first?.code == "no_room")
        #expect(try phone.step("/comeback \(code)").messages(to: phone).first?.code == "bad_args")
        #expect(try phone.step("/comeback \(code) a\u{200B}b").messages(to: phone).first?.code == "bad_name")
    }

    @Test func withTheHostAwayTheRequestWaitsForNobody() throws {
        let (h, code, ann, _, _) = try samScored()
        _ = try ann.stepDisconnect()
        let phone = try h.jsonClient()
        #expect(try phone.step("/comeback \(code) sam").messages(to: phone).first?.code == "wrong_state")
    }

    @Test func aTeacherWhosePageReloadedIsToldOfTheRequestsStillWaiting() throws {
        let (h, code, ann, _, _) = try samScored()
        let hostKey = try #require(h.inProcess?.core.rooms[code]?.hostKey)
        let phone = try h.jsonClient()
        let number = try #require(try phone.step("/comeback \(code) sam").messages(to: phone).first?.int("number"))
        _ = try ann.stepDisconnect()
        let again = try h.jsonClient()
        let claimed = try again.step("/claim \(code) \(hostKey)").messages(to: again)
        #expect(claimed.first?.cmd == "claim")
        #expect(claimed.filter { $0.type == "comeback" }.map { $0.string("name") } == ["sam"])
        #expect(claimed.first { $0.type == "comeback" }?.int("number") == number)
        #expect(try again.step("/letin sam \(number)").messages(to: phone).first?.bool("allowed") == true)
    }

    @Test func theTakenNameErrorPointsAtComebackNotAToken() throws {
        let (h, code, _, _, _) = try samScored()
        let phone = try h.connect()
        let text = try phone.step("/join \(code) sam").text(to: phone)
        #expect(text.hasPrefix("error name_taken: "))
        #expect(text.contains("/comeback \(code) sam"), "\(text)")
        #expect(!text.contains("TOKEN"))
    }
}
