import ChalklineTesting
import Testing
@testable import ChalklineCore

/// The web draws a QR code only for a code the core says is a room (review finding 5): a
/// class's open room and a homework are; a made-up code is not.
@Suite struct IsRoomTests {
    @Test func anOpenRoomAndAHomeworkAreRoomsAMadeUpCodeIsNot() throws {
        let (h, clock) = try HomeworkTests.harness()
        let (_, code) = try h.timesRoom()
        let (homework, _, _) = try HomeworkTests.assign(h)
        #expect(clock.core.isRoom(code))
        #expect(clock.core.isRoom(homework))
        #expect(!clock.core.isRoom("ZZZZQ"))
    }
}
