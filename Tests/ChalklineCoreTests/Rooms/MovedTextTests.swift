import ChalklineTesting
import Testing
@testable import ChalklineCore

/// Review finding 4: the text line for `moved` told a watcher (a second screen over `nc`) to
/// `/join`, which would seat it as a player. Each side is now told its own command.
@Suite("Rooms: the moved line names the command that follows")
struct MovedTextTests {
    @Test func aPlayerIsToldToJoinAndAWatcherToWatch() throws {
        let h = try ServerHarness(.inProcess)
        let (ann, code) = try h.timesRoom()
        let player = try h.connect()
        try player.step("/name Dee")
        try player.step("/join \(code)")
        let watcher = try h.connect()
        try watcher.step("/watch \(code)")
        let step = try ann.step("/create times")
        let next = try #require(step.messages(to: ann).first?.string("room"))
        let toPlayer = step.text(to: player), toWatcher = step.text(to: watcher)
        #expect(toPlayer.contains("/join \(next)") && !toPlayer.contains("/watch"), "\(toPlayer)")
        #expect(toWatcher.contains("/watch \(next)") && !toWatcher.contains("/join"), "\(toWatcher)")
    }
}
