import Foundation
import Testing

/// What ends a full screen is printed after it closes: an error (with a non-zero exit), the
/// server's goodbye. Both vanished with the alternate screen before.
@Suite(.serialized) struct ClientFarewellTests {
    @Test func aRefusedCreateIsPrintedAndExitsOne() throws {
        let server = try LiveServer()
        let host = try TmuxScreen(["host", "127.0.0.1:\(server.port)", "arith", "terms=9"])
        #expect(try host.exitStatus() == 1)
        let screen = try host.expect("terms")
        #expect(screen.contains("chalkline host:"), "the error after the screen closed:\n\(screen)")
    }

    @Test func aRefusedWatchIsPrintedAndExitsOne() throws {
        let server = try LiveServer()
        let watch = try TmuxScreen(["watch", "127.0.0.1:\(server.port)", "ZZZZ"])
        #expect(try watch.exitStatus() == 1)
        #expect(try watch.expect("chalkline watch:").contains("ZZZZ"))
    }

    @Test func aServerShutdownIsPrintedOnPlayAndHost() throws {
        let server = try LiveServer()
        let host = try TmuxHost(server, "times", ["table=3"])
        let play = try TmuxScreen(["play", "127.0.0.1:\(server.port)", "--room", host.code, "--name", "sam"])
        try play.expect("Waiting for the host")
        _ = try server.stop()
        for screen in [play, host.screen] {
            #expect(try screen.exitStatus() == 0)
            let after = try screen.expect("Server:")
            #expect(!after.contains("CHALKLINE"), "the full screen is gone:\n\(after)")
        }
    }
}
