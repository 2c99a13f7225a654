import ChalklineTesting
import Testing
@testable import ChalklineCore

/// Review findings 1, 2, 7, 8: `/letin NAME` gave the seat to whoever asked under NAME when the
/// teacher clicked, and a request that lapsed stayed on the teacher's page. Each request now has
/// a check number, shown on the asking device and to the host, and `/letin NAME NUMBER` answers
/// exactly that request; the host is told when a request goes away.
@Suite("Rooms: a come-back request is answered by its number")
struct ComebackNumberTests {
    /// Ann hosts (play=no); sam holds a seat on his tablet.
    private func samSeated() throws -> (ServerHarness, String, ann: HarnessClient, tablet: HarnessClient) {
        let h = try ServerHarness(.inProcess)
        let (ann, code) = try h.timesRoom("table=7 max=4 rounds=3 time=10 gap=0 countdown=0 seed=1 play=no")
        let (tablet, _) = try h.join("sam", code)
        return (h, code, ann, tablet)
    }

    /// `/comeback CODE sam` from a new connection: that connection, the number its reply shows,
    /// and the host's `comeback` event.
    private func ask(_ h: ServerHarness, _ code: String, _ ann: HarnessClient, as name: String = "sam")
        throws -> (phone: HarnessClient, number: Int, event: ServerLine?) {
        let phone = try h.jsonClient()
        let step = try phone.step("/comeback \(code) \(name)")
        let reply = try #require(step.messages(to: phone).first)
        #expect(reply.cmd == "comeback", "\(reply)")
        let number = try #require(reply.int("number"), "the reply carries the number: \(reply)")
        #expect((100...999).contains(number))
        return (phone, number, step.messages(to: ann).first)
    }

    @Test func theHostIsToldTheNumberAndTheLetInNeedsIt() throws {
        let (h, code, ann, tablet) = try samSeated()
        let (phone, number, event) = try ask(h, code, ann)
        #expect(event?.type == "comeback")
        #expect(event?.int("number") == number, "the host sees the number the phone shows")
        #expect(event?.bool("waiting") == true)
        let bare = try ann.step("/letin sam")
        #expect(bare.messages(to: ann).first?.code == "bad_args", "\(bare.messages(to: ann))")
        #expect(bare.messages(to: phone).isEmpty)
        #expect(bare.messages(to: tablet).isEmpty, "the seat stays where it is")
        let right = try ann.step("/letin sam \(number)")
        #expect(right.messages(to: ann).first?.bool("allowed") == true)
        #expect(right.messages(to: phone).first?.type == "let_in")
        #expect(right.messages(to: tablet).types == ["seat_moved"])
    }

    @Test func aWrongNumberLetsNobodyIn() throws {
        let (h, code, ann, tablet) = try samSeated()
        let (phone, number, _) = try ask(h, code, ann)
        let wrong = number == 999 ? 100 : number + 1
        for line in ["/letin sam \(wrong)", "/letin sam \(wrong) no", "/letin sam abc"] {
            let step = try ann.step(line)
            #expect(step.messages(to: ann).first?.code == "no_such_player", "\(line): \(step.messages(to: ann))")
            #expect(step.messages(to: phone).isEmpty, "\(line)")
            #expect(step.messages(to: tablet).isEmpty, "\(line)")
        }
        #expect(try tablet.step("/scores").messages(to: tablet).first?.type == "ok", "the tablet still holds the seat")
        // The right number still works after the wrong ones.
        #expect(try ann.step("/letin sam \(number) no").messages(to: phone).first?.bool("allowed") == false)
    }

    @Test func twoRequestsUnderOneNameAreToldApart() throws {
        let (h, code, ann, tablet) = try samSeated()
        // Max asks as sam first; then the real sam, on a spare tablet.
        let (max, maxNumber, maxEvent) = try ask(h, code, ann)
        let (spare, samNumber, samEvent) = try ask(h, code, ann)
        #expect(maxNumber != samNumber, "each waiting request has its own number")
        #expect(maxEvent?.int("number") == maxNumber)
        #expect(samEvent?.int("number") == samNumber, "the second request reaches the host too: \(String(describing: samEvent))")
        // The teacher checks the number on the real sam's screen.
        let letIn = try ann.step("/letin sam \(samNumber)")
        #expect(letIn.messages(to: spare).first?.bool("allowed") == true)
        #expect(letIn.messages(to: max).isEmpty, "Max gets nothing")
        #expect(letIn.messages(to: tablet).types == ["seat_moved"])
        // Max's request still waits, under its own number, for its own answer.
        let no = try ann.step("/letin sam \(maxNumber) no")
        #expect(no.messages(to: max).first?.bool("allowed") == false)
        #expect(no.messages(to: spare).isEmpty, "the seat stays on the spare tablet")
    }

    @Test func aLapsedRequestIsWithdrawnOnTheHostsSide() throws {
        let (h, code, ann, _) = try samSeated()
        let (phone, number, _) = try ask(h, code, ann)
        let gone = try phone.stepDisconnect()
        let withdrawn = gone.messages(to: ann)
        #expect(withdrawn.map(\.type) == ["comeback"], "\(withdrawn)")
        #expect(withdrawn.first?.bool("waiting") == false)
        #expect(withdrawn.first?.int("number") == number)
        #expect(withdrawn.first?.string("name") == "sam")
        #expect(try ann.step("/letin sam \(number)").messages(to: ann).first?.code == "no_such_player")
        // A request given up for a seat of its own is withdrawn too.
        let (other, second, _) = try ask(h, code, ann)
        let joined = try other.step("/join \(code) zed")
        let told = joined.messages(to: ann).filter { $0.type == "comeback" }
        #expect(told.first?.bool("waiting") == false && told.first?.int("number") == second, "\(joined.messages(to: ann))")
    }

    @Test func waitingStudentsAreToldWhenTheClassMoves() throws {
        let (h, code, ann, _) = try samSeated()
        let (phone, _, _) = try ask(h, code, ann)
        let moved = try ann.step("/create times play=no")
        let newCode = try #require(moved.messages(to: ann).first?.string("room"))
        let told = moved.messages(to: phone)
        #expect(told.map(\.type) == ["moved"], "\(told)")
        #expect(told.first?.string("to") == newCode)
        #expect(try phone.step("/join \(newCode) sam").messages(to: phone).first?.cmd == "join")
    }

    @Test func waitingStudentsAreToldWhenTheRoomCloses() throws {
        let (h, code, ann, tablet) = try samSeated()
        let clock = try #require(h.inProcess)
        _ = try ann.step("/start")
        // sam's tablet dies mid-game (the seat is kept); he asks from a phone; then the teacher's
        // laptop drops too, and the room, empty, closes after its timeout.
        _ = try tablet.stepDisconnect()
        let (phone, _, event) = try ask(h, code, ann)
        #expect(event?.bool("connected") == false, "the seat lost its connection")
        _ = try ann.stepDisconnect()
        let closed = clock.advance(by: Limits.emptyRoomTimeoutMs + 1_000)
        let letIn = closed.messages(to: phone).first { $0.type == "let_in" }
        #expect(letIn?.bool("allowed") == false, "\(closed.messages(to: phone))")
        #expect(letIn?.string("reason") == "closed")
        #expect(h.inProcess?.core.rooms[code] == nil)
    }

    /// One waiting request a connection, across rooms too: otherwise the first room's host is
    /// never told when that connection goes.
    @Test func aConnectionWaitsInOneRoomAtATime() throws {
        let (h, code, ann, _) = try samSeated()
        let (bea, other) = try h.timesRoom("play=no")
        _ = try h.join("zoe", other)
        let (phone, _, _) = try ask(h, code, ann)
        let second = try phone.step("/comeback \(other) zoe")
        #expect(second.messages(to: phone).first?.code == "rate_limited", "\(second.messages(to: phone))")
        #expect(second.messages(to: bea).isEmpty, "the second teacher is not asked")
    }
}
