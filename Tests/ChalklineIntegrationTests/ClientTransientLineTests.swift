import Foundation
import Testing

/// Lines that belong to a moment leave with it: a hint about the open question stayed under
/// later answers, results and Game over; a host's confirmation carried into the next state.
@Suite(.serialized) struct ClientTransientLineTests {
    @Test func aHintClearsWhenItsQuestionCloses() throws {
        let server = try LiveServer()
        let host = try TestHost(server, create: "rounds=2 time=60 countdown=0 gap=30 table=7 seed=2")
        let play = try TmuxScreen(["play", "127.0.0.1:\(server.port)", "--room", host.code, "--name", "sam"])
        try host.waitForPlayers(1)
        try play.expect("Waiting for the host")
        _ = try host.client.command("/start")
        try play.expect("Question 1/2")
        try play.type("abc")
        try play.press("Enter")
        try play.expect("Answer with a whole number")
        _ = try host.client.command("/skip")
        let over = try play.expect("No answer this round.")
        #expect(!over.contains("whole number"), "the hint outlived its question:\n\(over)")
    }

    @Test func aHostConfirmationClearsWhenTheGameMovesOn() throws {
        let server = try LiveServer()
        let host = try TmuxHost(server, "times", ["table=3", "rounds=1", "time=60", "countdown=0", "gap=0"])
        let ann = try host.join(server, "ann")
        try host.screen.expect("1 player")
        try host.screen.type("/lock")
        try host.screen.press("Enter")
        try host.screen.expect("Room locked")
        try host.screen.press("Enter")
        let question = try host.screen.expect("Question 1/1")
        #expect(!question.contains("Room locked"), "a lobby line carried into the game:\n\(question)")
        withExtendedLifetime(ann) {}
    }
}
