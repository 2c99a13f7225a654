import Foundation
import Testing

/// Review finding 4: the second screen (`/host?watch=CODE`) stayed on a room the teacher had
/// closed with New room, although protocol.md says a watcher follows `moved` with `/watch TO`.
/// A page in headless Chromium (Tests/Browser/teacher_desk.py), the server over real TCP.
/// Screenshots at 1366, 1920 and 360 px go to $CHALKLINE_CAPTURES/second-screen-follows.
@Suite(.serialized) struct SecondScreenFollowsTests {
    static var captures: String { BrowserDriver.captures + "/second-screen-follows" }

    @Test func theSecondScreenFollowsTheClassToTheNewRoom() throws {
        let server = try LiveServer()
        let host = try TestHost(server, create: "rounds=2 time=60 countdown=0 table=6")
        let ann = try server.seatedPupil("ann", in: host.code)
        let pages = try TeacherDeskTests.Pages()
        defer { pages.quit() }
        let base = "http://127.0.0.1:\(server.port)"
        try pages.open("w", "\(base)/host?watch=\(host.code)")
        _ = try pages.wait("w", "return document.body.dataset.view === 'lobby' && document.getElementById('lobby-code').textContent === '\(host.code)' && document.querySelectorAll('#lobby-players li').length === 1",
                           what: "the watched lobby with ann")
        let created = try host.client.command("/create times play=no rounds=3")
        let next = try #require(created.string("room"), "\(created)")
        _ = try ann.expect("moved", timeout: 5)
        #expect(try ann.command("/join \(next) ann").string("type") == "ok")
        _ = try pages.wait("w", """
            return document.body.dataset.view === 'lobby' && document.body.dataset.role === 'watch'
              && document.getElementById('lobby-code').textContent === '\(next)'
              && document.getElementById('status-room').textContent === '\(next)'
              && [...document.querySelectorAll('#lobby-players li')].map(l => l.dataset.name).join() === 'ann'
            """, what: "the new room \(next)'s lobby with ann on the second screen", timeout: 15)
        // A reload (the projector's laptop woke up) stays on the new room.
        #expect(try pages.js("w", "return location.search") as? String == "?watch=\(next)")
        #expect(try pages.js("w", "return document.getElementById('lobby-qr').getAttribute('src')") as? String == "/qr.svg?room=\(next)")
        #expect(try pages.js("w", "return (window.__errors || []).join()") as? String == "")
        try pages.call(["cmd": "capture", "page": "w", "label": "followed", "dir": Self.captures])
        // On a phone the code, the address and the QR code fit the width (they ran off it).
        try pages.call(["cmd": "size", "page": "w", "width": 360, "height": 740])
        let overflow = try pages.js("w", """
            return [...document.querySelectorAll('#view-lobby *')].filter(e => e.getBoundingClientRect().right > innerWidth + 1)
              .map(e => e.id || e.className || e.tagName).slice(0, 5)
            """) as? [String]
        #expect(overflow == [], "past the right edge at 360 px: \(overflow ?? [])")
    }
}
