import Foundation
import Testing

/// The teacher's page as a teacher meets it (issue 38, "The teacher's page"): a reload that
/// keeps the count of answers, "New room" that takes the class along, a form that starts from
/// the defaults, speaks to people and keeps Create in view, a Create that survives a dropped
/// connection, a second screen that shows the address and the podium, and a projector the back
/// row can read. Pages in headless Chromium (Tests/Browser/teacher_desk.py), the server over
/// real TCP. Screenshots at 1366, 1920 and 360 px go to $CHALKLINE_CAPTURES/teacher.
@Suite(.serialized) struct TeacherDeskTests {
    static var captures: String { BrowserDriver.captures + "/teacher" }

    // MARK: - The count of answers after a reload

    /// The server tells a host who takes the room back mid-question how many answered already.
    @Test func aClaimDuringAQuestionIsToldHowManyHaveAnswered() throws {
        let server = try LiveServer()
        let teacher = try server.connect()
        try teacher.skipWelcome()
        _ = try teacher.command("/format json")
        _ = try teacher.command("/name MsLee")
        let created = try teacher.command("/create times play=no rounds=2 time=60 countdown=0 gap=0 table=6")
        let (code, key) = (try #require(created.string("room")), try #require(created.string("host_key")))
        let pupils = try ["ann", "bo", "cy"].map { try server.seatedPupil($0, in: code) }
        _ = try teacher.command("/start")
        let question = try pupils[0].expect("question", timeout: 10)
        try pupils[0].send("/answer \(product(of: question.string("text") ?? "")!)")
        _ = try pupils[0].expect("ok", timeout: 5)
        // The teacher's laptop slept: a new connection takes the room back.
        let back = try server.connect()
        try back.skipWelcome()
        _ = try back.command("/format json")
        #expect(try back.command("/claim \(code) \(key)").string("type") == "ok")
        let progress = try back.expect("progress", timeout: 5)
        #expect(progress.int("answers") == 1 && progress.int("players") == 3 && progress.int("id") == question.int("id"), "\(progress)")
    }

    @Test func aTeacherPageReloadedMidQuestionCountsTheAnswersAlreadyIn() throws {
        let server = try LiveServer()
        let pages = try Pages()
        defer { pages.quit() }
        let code = try pages.createRoom("t", "http://127.0.0.1:\(server.port)", kind: "times", ["time": "60", "countdown": "0", "table": "6"])
        let pupils = try ["ann", "bo", "cy"].map { try server.seatedPupil($0, in: code) }
        _ = try pages.wait("t", "return document.querySelectorAll('#lobby-players li').length === 3", what: "three names")
        try pages.click("t", "#btn-start")
        let question = try pupils[0].expect("question", timeout: 10)
        try pupils[0].send("/answer \(product(of: question.string("text") ?? "")!)")
        _ = try pages.wait("t", "return document.getElementById('play-progress').textContent === 'answers in: 1 of 3'", what: "one answer in")
        try pages.reload("t")
        _ = try pages.wait("t", "return document.body.dataset.role === 'host' && document.getElementById('play-question').dataset.id === '\(question.int("id")!)'",
                           what: "the question again after the reload")
        _ = try pages.wait("t", "return document.getElementById('play-progress').textContent === 'answers in: 1 of 3'",
                           what: "answers in: 1 of 3 after the reload", timeout: 5)
    }

    // MARK: - "New room" takes the class along

    @Test func aNewRoomCreatedByTheHostMovesItsPlayersAndWatchers() throws {
        let server = try LiveServer()
        let host = try TestHost(server, create: "rounds=2 time=60 countdown=0 table=6")
        let ann = try server.seatedPupil("ann", in: host.code)
        let bo = try server.seatedPupil("bo", in: host.code)
        let screen = try server.connect()
        try screen.skipWelcome()
        _ = try screen.command("/format json")
        #expect(try screen.command("/watch \(host.code)").string("type") == "ok")
        let created = try host.client.command("/create times play=no rounds=3")
        #expect(created.string("type") == "ok", "the host of a room may open the next one: \(created)")
        let next = try #require(created.string("room"))
        #expect(next != host.code)
        for client in [ann, bo, screen] {
            let moved = try client.expect("moved", timeout: 5)
            #expect(moved.string("room") == host.code && moved.string("to") == next, "\(moved)")
        }
        let rooms = try screen.command("/rooms").list("rooms").compactMap { $0.string("code") }
        #expect(!rooms.contains(host.code) && rooms.contains(next), "the old room closed: \(rooms)")
        // The players are outside any room: they join the new one under the same names.
        #expect(try ann.command("/join \(next) ann").string("type") == "ok")
        #expect(try bo.command("/join \(next) bo").string("type") == "ok")
        #expect(try screen.command("/watch \(next)").string("type") == "ok")
        // A student (or the teacher) who is not the host is refused, as before.
        #expect(try ann.command("/create times").code == "already_in_room")
    }

    @Test func newRoomOnThePageTakesTheStudentPagesAlongAndADeadRoomLetsAPageGo() throws {
        let server = try LiveServer()
        let pages = try Pages()
        defer { pages.quit() }
        let base = "http://127.0.0.1:\(server.port)"
        let code = try pages.createRoom("t", base, kind: "times", ["time": "60", "countdown": "0"])
        // bo's tablet reaches the server through a relay that can drop, as a school's Wi-Fi does.
        let relay = try #require(try pages.call(["cmd": "relay", "target": Int(server.port)])["value"] as? Int)
        for name in ["ann", "bo"] {
            try pages.open(name, "http://127.0.0.1:\(name == "bo" ? relay : Int(server.port))/?room=\(code)")
            _ = try pages.wait(name, "return document.activeElement && document.activeElement.id === 'join-name'", what: "\(name)'s join form")
            try pages.type(name, "#join-name", name, enter: true)
            _ = try pages.wait(name, "return document.body.dataset.view === 'lobby'", what: "\(name) in the lobby")
        }
        _ = try pages.wait("t", "return document.querySelectorAll('#lobby-players li').length === 2", what: "two names")
        // bo's Wi-Fi drops: in the lobby the seat is let go.
        try pages.call(["cmd": "relay_down"])
        _ = try pages.wait("t", "return document.querySelectorAll('#lobby-players li').length === 1", what: "bo gone")
        try pages.click("t", "#btn-new")
        _ = try pages.wait("t", "return document.body.dataset.view === 'create'", what: "the form")
        try pages.capture("t", "create-move")
        try pages.click("t", "#create-button")
        let next = try #require(try pages.wait("t", "const c = document.getElementById('lobby-code').textContent; return document.body.dataset.view === 'lobby' && c !== '\(code)' && c",
                                               what: "the new room's lobby") as? String)
        _ = try pages.wait("ann", "return document.body.dataset.view === 'lobby' && document.getElementById('status-room').textContent === '\(next)' && document.getElementById('status-name').textContent === 'ann'",
                           what: "ann moved to \(next) by herself", timeout: 15)
        _ = try pages.wait("t", "return [...document.querySelectorAll('#lobby-players li')].map(l => l.dataset.name).join() === 'ann'", what: "ann in the new room")
        // bo's Wi-Fi comes back: the room it held is gone, the page forgets it and asks for a code;
        // opening / again does not put it back in the dead room either.
        try pages.call(["cmd": "relay_up"])
        _ = try pages.wait("bo", "return document.body.dataset.view === 'join' && document.body.dataset.conn === 'open'", what: "the join form, not the dead room", timeout: 20)
        try pages.open("bo", "http://127.0.0.1:\(relay)/")
        _ = try pages.wait("bo", "return document.body.dataset.view === 'join'", what: "the join form at /", timeout: 20)
        #expect(try pages.js("bo", "return sessionStorage.getItem('chalkline.seat') === null") as? Bool == true, "the dead room forgotten")
    }

    @Test func aNewRoomStartsFromTheDefaults() throws {
        let server = try LiveServer()
        let pages = try Pages()
        defer { pages.quit() }
        _ = try pages.createRoom("t", "http://127.0.0.1:\(server.port)", kind: "times", ["rounds": "3", "time": "45"])
        try pages.click("t", "#btn-new")
        _ = try pages.wait("t", "return document.body.dataset.view === 'create'", what: "the form")
        try pages.click("t", "#kind-times")
        let values = try pages.js("t", "return [document.getElementById('opt-rounds').value, document.getElementById('opt-time').value]") as? [String]
        let catalog = try Self.catalog(server, kind: "times")
        let defaults = ["rounds", "time"].map { name in catalog.first { $0["name"] as? String == name }.flatMap { $0["default"] as? Double } }
        #expect(values?.map(Double.init) == defaults, "the form again from the defaults: \(values ?? []) vs \(defaults)")
    }

    // MARK: - A dropped connection on the form

    @Test func createWorksOnceTheConnectionIsBackAndTheBannerGoes() throws {
        let server = try LiveServer()
        let pages = try Pages()
        defer { pages.quit() }
        let port = try #require(try pages.call(["cmd": "relay", "target": Int(server.port)])["value"] as? Int)
        try pages.open("t", "http://127.0.0.1:\(port)/host")
        _ = try pages.wait("t", "return document.querySelectorAll('#create-kinds input').length > 0 && document.body.dataset.conn === 'open'", what: "the form")
        try pages.click("t", "#kind-times")
        try pages.type("t", "#opt-rounds", "7")
        // A blink of the Wi-Fi while the teacher fills the form in: what was typed stays (each
        // connection asks for the catalog again; its answer must not redraw the form).
        let catalogs = try pages.js("t", "return Number(document.body.dataset.catalogs || 0)") as? Int ?? 0
        try pages.call(["cmd": "relay_down"])
        _ = try pages.wait("t", "return document.body.dataset.conn === 'reconnecting'", what: "the drop")
        try pages.call(["cmd": "relay_up"])
        _ = try pages.wait("t", "return document.body.dataset.conn === 'open' && document.getElementById('notice').hidden", what: "back, no banner")
        _ = try pages.wait("t", "return Number(document.body.dataset.catalogs || 0) > \(catalogs) || document.getElementById('opt-rounds').value !== '7'",
                           what: "the new connection's catalog")
        #expect(try pages.js("t", "return document.getElementById('opt-rounds').value") as? String == "7", "the form kept across a reconnect")
        // The Wi-Fi drops: the banner, and a Create pressed meanwhile.
        try pages.call(["cmd": "relay_down"])
        _ = try pages.wait("t", "return !document.getElementById('notice').hidden && document.body.dataset.conn === 'reconnecting'", what: "the banner")
        try pages.click("t", "#create-button")
        let errors = try pages.js("t", "return window.__errors || []") as? [String] ?? []
        #expect(errors.isEmpty, "\(errors)")
        try pages.call(["cmd": "relay_up"])
        _ = try pages.wait("t", "return document.body.dataset.conn === 'open'", what: "the connection back")
        _ = try pages.wait("t", "return document.getElementById('notice').hidden", what: "the banner gone once connected", timeout: 5)
        // The room pressed for is created once the server is back, or Create works again.
        let view = try pages.wait("t", "return document.body.dataset.view === 'lobby' ? 'lobby' : (!document.getElementById('create-button').disabled && 'form')",
                                  what: "the lobby, or Create enabled again", timeout: 15) as? String
        if view == "form" { try pages.click("t", "#create-button") }
        _ = try pages.wait("t", "return document.body.dataset.view === 'lobby' && document.getElementById('lobby-code').textContent.length === 4", what: "the lobby")
        // What was filled in before the drop is what the room got.
        let code = try #require(try pages.js("t", "return document.getElementById('lobby-code').textContent") as? String)
        let zed = try server.seatedPupil("zed", in: code)
        _ = zed
        let settings = try server.connect()
        try settings.skipWelcome()
        _ = try settings.command("/format json")
        let joined = try settings.command("/join \(code) yul")
        #expect((joined["settings"] as? [String: Any])?["rounds"] as? Int == 7, "\(joined)")
    }

    // MARK: - A form for people

    @Test func theFormSpeaksToPeopleAndKeepsCreateInView() throws {
        let server = try LiveServer()
        let pages = try Pages()
        defer { pages.quit() }
        try pages.open("t", "http://127.0.0.1:\(server.port)/host")
        _ = try pages.wait("t", "return document.querySelectorAll('#create-kinds input').length > 0", what: "the form")
        let kinds = try Self.catalogKinds(server)
        for kind in kinds {
            let name = kind["name"] as? String ?? ""
            try pages.click("t", "#kind-\(name)")
            _ = try pages.wait("t", "return document.querySelector('#create-options [data-option]') && document.getElementById('kind-\(name)').checked", what: "\(name)'s options")
            let shown = try pages.js("t", """
                return [...document.querySelectorAll('#create-options [data-option], #create-more-options [data-option]')].map(f => ({
                  name: f.dataset.option, label: (f.querySelector('label, legend') || {}).textContent || '',
                  hint: (f.querySelector('.field-help') || {}).textContent || '', more: !!f.closest('details'),
                  value: (f.querySelector('select, input') || {}).value }));
                """) as? [[String: Any]] ?? []
            let options = kind["options"] as? [[String: Any]] ?? []
            // Every option, in the catalog's order: the usual ones, then those under "More options".
            let ordered = options.filter { $0["more"] as? Bool != true } + options.filter { $0["more"] as? Bool == true }
            #expect(shown.map { $0["name"] as? String ?? "" } == ordered.map { $0["name"] as? String ?? "" }, "\(name): every option, in order")
            for option in options {
                let key = option["name"] as? String ?? ""
                guard let field = shown.first(where: { $0["name"] as? String == key }) else { continue }
                #expect(field["label"] as? String == (option["label"] as? String ?? key), "\(name) \(key): the catalog's label")
                let hint = field["hint"] as? String ?? ""
                if let wanted = option["hint"] as? String { #expect(hint.hasPrefix(wanted), "\(name) \(key): the catalog's hint: \(hint)") }
                #expect(field["more"] as? Bool == (option["more"] as? Bool ?? false), "\(name) \(key): under More options as the catalog says")
                if key == "play" {
                    // The page presets "no" (the teacher runs the projector): its help says so.
                    #expect(field["value"] as? String == "no")
                    #expect(!hint.contains("default yes"), "\(name): play is preset to no but its help says \(hint)")
                }
            }
            // More options starts closed; Create is in view without scrolling at 1366x768.
            #expect(try pages.js("t", "const d = document.getElementById('create-more'); return !d || !d.open") as? Bool == true)
            let inView = try pages.js("t", "const r = document.getElementById('create-button').getBoundingClientRect(); return window.scrollY === 0 && r.top >= 0 && r.bottom <= window.innerHeight") as? Bool
            #expect(inView == true, "\(name): Create in view at 1366x768")
            if name == "times" { try pages.capture("t", "create") }
        }
    }

    // MARK: - The second screen

    @Test func theSecondScreenShowsTheJoinAddressAndTheFinishedGamesPodium() throws {
        let server = try LiveServer()
        let pages = try Pages()
        defer { pages.quit() }
        let base = "http://127.0.0.1:\(server.port)"
        let code = try pages.createRoom("t", base, kind: "times", ["rounds": "1", "time": "30", "countdown": "0", "teams": "2"])
        let joinText = try pages.js("t", "return document.getElementById('lobby-title').textContent") as? String
        try pages.open("w", "\(base)/host?watch=\(code)")
        _ = try pages.wait("w", "return document.body.dataset.view === 'lobby' && document.getElementById('lobby-code').textContent === '\(code)'", what: "the watched lobby")
        let watchText = try pages.js("w", "return document.getElementById('lobby-title').textContent") as? String
        #expect(watchText == joinText, "the second screen shows the address the main screen shows: \(watchText ?? "") vs \(joinText ?? "")")
        #expect(watchText?.contains("this server") == false)
        try pages.capture("w", "second-screen")
        // Eight players in two teams play the one question.
        let names = ["ann", "bo", "cy", "dee", "eve", "fay", "gus", "hal"]
        let pupils = try names.map { try server.seatedPupil($0, in: code) }
        _ = try pages.wait("t", "return document.querySelectorAll('#lobby-players li').length === 8", what: "eight names")
        try pages.click("t", "#btn-start")
        for (i, pupil) in pupils.enumerated() {
            let q = try pupil.expect("question", timeout: 10)
            let right = product(of: q.string("text") ?? "")!
            try pupil.send("/answer \(i % 3 == 0 ? right + 1 : right)")
        }
        _ = try pages.wait("t", "return document.body.dataset.view === 'final' && !document.getElementById('final-teams-box').hidden", what: "the podium with teams")
        // The projector at 1920x1080, the page in a browser window (937 px high under its bars, as
        // Chromium's window of that size gives): the podium, the teams and the standings above the fold.
        try pages.call(["cmd": "size", "page": "t", "width": 1920, "height": 937])
        let fit = try pages.js("t", """
            const h = window.innerHeight, b = (id) => document.getElementById(id).getBoundingClientRect().bottom;
            return {podium: b('final-podium'), standings: b('final-standings'), teams: b('final-teams'), h};
            """) as? [String: Any] ?? [:]
        let height = fit["h"] as? Double ?? 0
        for part in ["podium", "standings", "teams"] {
            #expect((fit[part] as? Double ?? .infinity) <= height, "\(part) above the fold at 1920x937: \(fit)")
        }
        // And on a 1366x768 projector.
        try pages.call(["cmd": "size", "page": "t", "width": 1366, "height": 768])
        let small = try pages.js("t", """
            const h = window.innerHeight, b = (id) => document.getElementById(id).getBoundingClientRect().bottom;
            return {podium: b('final-podium'), standings: b('final-standings'), teams: b('final-teams'), h};
            """) as? [String: Any] ?? [:]
        for part in ["podium", "standings", "teams"] {
            #expect((small[part] as? Double ?? .infinity) <= small["h"] as? Double ?? 0, "\(part) above the fold at 1366x768: \(small)")
        }
        try pages.capture("t", "final-teams-8")
        // A second screen opened after the end shows the podium, not the lobby.
        try pages.reload("w")
        _ = try pages.wait("w", "return document.body.dataset.view === 'final' && document.querySelectorAll('#final-podium li').length > 0", what: "the podium on the second screen")
        try pages.capture("w", "second-screen-final")
    }

    // MARK: - The projector

    @Test func theProjectorShowsALargeStatusStripAndNoIdleChatBox() throws {
        let server = try LiveServer()
        let pages = try Pages()
        defer { pages.quit() }
        let code = try pages.createRoom("t", "http://127.0.0.1:\(server.port)", kind: "times", ["time": "60", "countdown": "0", "chat": "off"])
        let ann = try server.seatedPupil("ann", in: code)
        _ = try pages.wait("t", "return document.querySelectorAll('#lobby-players li').length === 1", what: "ann")
        try pages.call(["cmd": "size", "page": "t", "width": 1920, "height": 1080])
        // The strip readable from the back row at 1920 px: labels at least 20 px, values at least 30.
        let labels = try pages.js("t", "return [...document.querySelectorAll('#status dt')].map(e => parseFloat(getComputedStyle(e).fontSize))") as? [Double] ?? []
        #expect(!labels.isEmpty && labels.allSatisfy { $0 >= 20 }, "labels \(labels)")
        let values = try pages.js("t", "return [...document.querySelectorAll('#status dd')].map(e => parseFloat(getComputedStyle(e).fontSize))") as? [Double] ?? []
        #expect(!values.isEmpty && values.allSatisfy { $0 >= 30 }, "values \(values)")
        let chatShown = "const c = document.getElementById('chat'); return !c.hidden && c.getClientRects().length > 0"
        #expect(try pages.js("t", chatShown) as? Bool == false, "chat off and nothing said: no chat box on the projector")
        try pages.capture("t", "room")
        try pages.click("t", "#btn-start")
        _ = try ann.expect("question", timeout: 10)
        _ = try pages.wait("t", "return document.body.dataset.view === 'play'", what: "the question")
        #expect(try pages.js("t", chatShown) as? Bool == false, "no chat box over the question")
        try pages.capture("t", "question")
        // The teacher turns chat on and says something: the box shows what was said.
        try pages.click("t", "#btn-chat")
        _ = try pages.wait("t", "return document.getElementById('status-chat').textContent === 'on'", what: "chat on")
        _ = try ann.command("/say hello")
        _ = try pages.wait("t", chatShown, what: "the chat box once there is chat")
    }

    // MARK: - Helpers

    static func catalogKinds(_ server: LiveServer) throws -> [[String: Any]] {
        let probe = try server.connect()
        try probe.skipWelcome()
        _ = try probe.command("/format json")
        return try probe.command("/catalog").list("kinds")
    }

    static func catalog(_ server: LiveServer, kind: String) throws -> [[String: Any]] {
        try catalogKinds(server).first { $0["name"] as? String == kind }?["options"] as? [[String: Any]] ?? []
    }

    /// teacher_desk.py: one command, one event.
    final class Pages: BrowserPages {
        init() throws { try super.init(script: "Tests/Browser/teacher_desk.py", captures: TeacherDeskTests.captures) }

        override func open(_ page: String, _ url: String) throws {
            try super.open(page, url)
            // Uncaught errors, kept for the test to read.
            _ = try js(page, "if (!window.__errors) { window.__errors = []; window.addEventListener('error', (e) => window.__errors.push(String(e.message))); } return true")
        }
    }
}
