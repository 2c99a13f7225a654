import ChalklineCore
import Testing
@testable import ChalklineServer

/// The gate keeps each connection's output in order behind storage, and holds nobody else.
@Suite struct StorageGateTests {
    final class Log {
        var sent: [(to: [UInt64], text: String)] = []
        var texts: [String] { sent.map(\.text) }
    }

    private func send(_ text: String, to ids: UInt64...) -> StorageGate.Item {
        .effect(.send(ids.map(ConnectionID.init), Payload(text)))
    }

    private func makeGate() -> (StorageGate, Log) {
        let log = Log()
        let gate = StorageGate { effect in
            if case .send(let ids, let payload) = effect { log.sent.append((ids.map(\.raw), payload.string)) }
            if case .roundStarted(let start) = effect { log.sent.append((start.recipients.map(\.raw), "started \(start.id)")) }
        }
        return (gate, log)
    }

    /// A question's time starts when the gate lets it go, never before: a round opened by a
    /// later call (its previous round's commit not back yet) is held with its question.
    @Test func aRoundStartsOnlyWhenItsQuestionLeaves() {
        let (gate, log) = makeGate()
        gate.submit([.wait(ticket: 1, replyTo: nil), send("round_end 1", to: 1, 2), send("question 2", to: 1, 2),
                     .effect(.roundStarted(RoundStart(room: "ABCD", id: 2, recipients: [ConnectionID(2)])))])
        // A round opened by a timer in a call of its own (after a gap) waits behind the same commit.
        gate.submit([send("question 3", to: 1, 2), .effect(.roundStarted(RoundStart(room: "ABCD", id: 3, recipients: [ConnectionID(2)])))])
        #expect(log.texts.isEmpty)
        gate.answer(ticket: 1, effects: [], reply: nil)
        gate.drain()
        #expect(log.texts == ["round_end 1", "question 2", "started 2", "question 3", "started 3"])
    }

    @Test func withoutTicketsEverythingGoesAtOnce() {
        let (gate, log) = makeGate()
        gate.submit([send("a", to: 1), send("b", to: 2)])
        #expect(log.texts == ["a", "b"])
        #expect(!gate.isHolding)
    }

    @Test func aCommitHoldsItsRoomAndLetsOtherRoomsGoOn() {
        let (gate, log) = makeGate()
        // Room of 1 and 2: its answer reply, then the round closes (commit), then round_end.
        gate.submit([send("reply", to: 1), .wait(ticket: 1, replyTo: nil), send("round_end", to: 1, 2)])
        #expect(log.texts == ["reply"])
        // Another room's question is not held; this room's next question is.
        gate.submit([send("other room", to: 3)])
        gate.submit([send("question 2", to: 1, 2)])
        #expect(log.texts == ["reply", "other room"])
        gate.answer(ticket: 1, effects: [], reply: nil)
        gate.drain()
        #expect(log.texts == ["reply", "other room", "round_end", "question 2"])
        #expect(!gate.isHolding)
    }

    @Test func aReadAnswersItsAskerInPlace() {
        let (gate, log) = makeGate()
        gate.submit([.wait(ticket: 7, replyTo: ConnectionID(5))])
        gate.submit([send("after", to: 5)])
        #expect(log.texts.isEmpty)
        gate.answer(ticket: 7, effects: [.send([ConnectionID(9)], Payload("storage_failed"))], reply: Payload("report"))
        gate.drain()
        #expect(log.texts == ["storage_failed", "report", "after"])
    }

    @Test func ticketsAnsweredOutOfTurnStillReleaseInOrder() {
        let (gate, log) = makeGate()
        gate.submit([.wait(ticket: 1, replyTo: nil), send("first", to: 1)])
        gate.submit([.wait(ticket: 2, replyTo: nil), send("second", to: 1)])
        gate.answer(ticket: 2, effects: [], reply: nil)
        gate.drain()
        #expect(log.texts.isEmpty, "the second run goes to a connection the first still holds")
        gate.answer(ticket: 1, effects: [], reply: nil)
        gate.drain()
        #expect(log.texts == ["first", "second"])
    }

    @Test func effectsSubmittedWhileDrainingKeepTheirPlace() {
        let log = Log()
        var gate: StorageGate!
        gate = StorageGate { effect in
            guard case .send(let ids, let payload) = effect else { return }
            log.sent.append((ids.map(\.raw), payload.string))
            // Carrying out "trigger" makes more output (as a dropped slow client does).
            if payload.string == "trigger" { gate.submit([.effect(.send([ConnectionID(1)], Payload("caused")))]) }
        }
        gate.submit([.wait(ticket: 1, replyTo: nil), send("trigger", to: 2), send("held", to: 1)])
        gate.answer(ticket: 1, effects: [], reply: nil)
        gate.drain()
        #expect(log.texts == ["trigger", "held", "caused"])
    }
}
