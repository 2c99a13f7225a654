import ChalklineTesting
import Foundation
import Testing

/// Issue 40, in headless Chromium: students of a class join its room by tapping their names
/// (no typing), and where the class has picture codes, three of the nine pictures; a wrong code
/// is refused in a child's words; a reload takes the seat back; a game is played. And the host
/// page, holding the desk's secret, creates a room for a class. Screenshots at 360 and 1920 px
/// go to $CHALKLINE_SHOTS (else a temporary folder).
@Suite(.serialized) struct ClassJoinPageTests {
    static var shots: String {
        ProcessInfo.processInfo.environment["CHALKLINE_SHOTS"].flatMap { $0.isEmpty ? nil : $0 } ?? BrowserDriver.captures + "/join"
    }

    /// Tests/Browser/pages.py: host.py's commands and a screenshot at any width.
    final class Pages: BrowserPages {
        init() throws { try super.init(script: "Tests/Browser/pages.py", captures: ClassJoinPageTests.shots) }
    }

    static let secret = "chalk42"
    /// Thirty names, some long, as a class list is.
    static let thirty = ["Ana", "Bo", "Cy", "Dee", "Eve", "Finn", "Gus", "Hana", "Ivo", "Jo", "Kai", "Lea", "Max", "Nia", "Oli",
                         "Pia", "Quin", "Rosa", "Sam", "Tia", "Uma", "Vic", "Wes", "Xia", "Yusuf", "Zoe", "Aleksandra",
                         "Benedikt", "Chiara", "Dominik"]

    /// A teacher's line connection (json): `/teacher` said, so `/class` and `class=` work.
    static func teacher(_ server: LiveServer) throws -> HarnessClient {
        let probe = try server.connect()
        try probe.skipWelcome()
        _ = try probe.command("/format json")
        #expect(try probe.command("/teacher \(secret)").string("type") == "ok")
        return probe
    }

    /// `7 x 8 = ?` and the like: the product, as the student would type it.
    static func product(_ text: String) -> Int {
        text.replacingOccurrences(of: "= ?", with: "").split(separator: " ").compactMap { Int($0) }.reduce(1, *)
    }

    /// Taps the pictures of `digits` on `page`'s pad.
    static func tapPictures(_ pages: Pages, _ page: String, _ digits: String) throws {
        for d in digits { try pages.click(page, "#pad button[data-digit='\(d)']") }
    }

    @Test func studentsTapTheirNamesAndPicturesAndPlay() throws {
        let server = try LiveServer(["--create-password", Self.secret])
        let pages = try Pages()
        defer { pages.quit() }
        print("class join screenshots: \(Self.shots)")
        let base = "http://127.0.0.1:\(server.port)"
        let probe = try Self.teacher(server)
        #expect(try probe.command("/class add 4B " + Self.thirty.joined(separator: " ")).string("type") == "ok")
        #expect(try probe.command("/class codes 4B on").string("type") == "ok")
        let students = (try probe.command("/class list 4B").object["class"] as? [String: Any])?["students"] as? [[String: Any]] ?? []
        let codes = Dictionary(uniqueKeysWithValues: students.compactMap { s in (s["name"] as? String).map { ($0, s["code"] as? String ?? "") } })
        let ana = try #require(codes["Ana"]), bo = try #require(codes["Bo"])
        #expect(ana.count == 3 && bo.count == 3, "\(codes)")
        _ = try probe.command("/name MsLee")
        let created = try probe.command("/create times table=7 rounds=2 time=60 gap=1 countdown=0 seed=3 play=no class=4B")
        let code = try #require(created.string("room"), "\(created.object)")

        // Ana opens the class's link: her class's names, not a name box.
        try pages.open("ana", "\(base)/?room=\(code)")
        let shown = try pages.wait("ana", "const b = [...document.querySelectorAll('#class-names button')]; return document.body.dataset.view === 'names' && b.length && b.map(x => x.dataset.name)",
                                   what: "the class's names") as? [String]
        #expect(shown == Self.thirty, "every name of the list, in its order")
        #expect(try pages.js("ana", "return document.getElementById('names-text').textContent") as? String == "Class 4B, room \(code): tap your name.")
        try pages.shot("ana", "names-30-360.png", width: 360, height: 740)
        try pages.shot("ana", "names-30-360-whole.png", width: 360, height: 2000)
        try pages.shot("ana", "names-30-1920.png", width: 1920, height: 1080)
        try pages.click("ana", "#class-names button[data-name='Ana']")
        _ = try pages.wait("ana", "return document.body.dataset.view === 'pictures' && document.querySelectorAll('#pad button').length === 9",
                           what: "the nine pictures")
        // Every picture says its word; a tap fills a slot and Undo empties it again.
        let words = try pages.js("ana", "return [...document.querySelectorAll('#pad button')].map(b => b.getAttribute('aria-label'))") as? [String]
        #expect(words == ["sun", "moon", "star", "heart", "tree", "fish", "house", "ball", "flower"])
        try Self.tapPictures(pages, "ana", String(ana.prefix(2)))
        try pages.shot("ana", "pad-two-taps-360.png", width: 360, height: 740)
        try pages.shot("ana", "pad-two-taps-1920.png", width: 1920, height: 1080)
        try pages.click("ana", "#pad-undo")
        let slots = try pages.wait("ana", "const s = document.querySelectorAll('#code-slots .filled').length; return s === 1 && [s, document.getElementById('pad-go').disabled]",
                                   what: "one tap taken back") as? [Any]
        #expect(slots?.last as? Bool == true, "Join waits for three pictures")
        try Self.tapPictures(pages, "ana", String(ana.dropFirst()))
        try pages.click("ana", "#pad-go")
        _ = try pages.wait("ana", "return document.body.dataset.view === 'lobby' && document.getElementById('status-name').textContent === 'Ana'",
                           what: "Ana in the lobby")

        // Bo types the code in lower case (a laptop's keyboard) and goes on to the name box: the
        // class's names replace it before he types a name. His first three pictures are not his.
        try pages.open("bo", base + "/")
        try pages.type("bo", "#join-code", code.lowercased())
        try pages.click("bo", "#join-name")
        _ = try pages.wait("bo", "return document.body.dataset.view === 'names'", what: "Bo's class list, before a name is typed")
        #expect(try pages.js("bo", "return document.querySelector(\"#class-names button[data-name='Ana']\").disabled") as? Bool == true,
                "a name playing is taken")
        try pages.click("bo", "#class-names button[data-name='Bo']")
        let wrong = String("123456789".filter { !bo.contains($0) }.prefix(3))
        try Self.tapPictures(pages, "bo", wrong)
        try pages.click("bo", "#pad-go")
        let refused = try pages.wait("bo", "const e = document.getElementById('pictures-error').textContent; return e && [e, document.querySelectorAll('#code-slots .filled').length]",
                                     what: "the wrong pictures refused") as? [Any]
        #expect(refused?.first as? String == "Those pictures are not yours. Try again or ask your teacher.")
        #expect(refused?.last as? Int == 0, "the slots empty for a new try")
        try pages.shot("bo", "pad-wrong-360.png", width: 360, height: 740)
        try Self.tapPictures(pages, "bo", bo)
        try pages.click("bo", "#pad-go")
        _ = try pages.wait("bo", "return document.body.dataset.view === 'lobby' && document.getElementById('status-name').textContent === 'Bo'",
                           what: "Bo in the lobby")

        // A reload in the lobby (its seat is let go at once) takes Ana back without her pictures.
        // The page draws the lobby from its saved seat at once, under "Reconnecting…": she is
        // back when the server's rejoin reply clears that notice.
        try pages.reload("ana")
        _ = try pages.wait("ana", "return document.body.dataset.view === 'lobby' && document.body.dataset.conn === 'open' && document.getElementById('status-name').textContent === 'Ana' && document.getElementById('notice').hidden",
                           what: "Ana back after a reload")
        // Asked from outside the room, as a join page does (the teacher is in it).
        let outside = try server.connect()
        try outside.skipWelcome()
        _ = try outside.command("/format json")
        let names = try outside.command("/names \(code)")
        #expect(names.string("class") == "4B")
        let taken = names.list("names").filter { $0["free"] as? Bool == false }.compactMap { $0["name"] as? String }
        #expect(Set(taken) == ["Ana", "Bo"], "\(names.object)")

        // A game: two questions, both answer.
        #expect(try probe.command("/start").string("type") == "ok")
        for round in 1...2 {
            for page in ["ana", "bo"] {
                let q = try #require(try pages.wait(page, "const q = document.getElementById('question-text'); return document.body.dataset.view === 'question' && document.getElementById('question-round').textContent.startsWith('Question \(round) of') && q.textContent",
                                                    what: "question \(round) for \(page)") as? String)
                try pages.type(page, "#answer-input", "\(Self.product(q))", enter: true)
            }
        }
        for page in ["ana", "bo"] {
            let place = try pages.wait(page, "return document.body.dataset.view === 'final' && document.getElementById('final-rank').textContent", what: "the podium for \(page)") as? String
            #expect(place?.isEmpty == false)
        }
    }

    @Test func theHostPageCreatesARoomForAClassAndItsStudentsTapTheirNames() throws {
        let server = try LiveServer(["--create-password", Self.secret])
        let pages = try Pages()
        defer { pages.quit() }
        let base = "http://127.0.0.1:\(server.port)"
        let probe = try Self.teacher(server)
        #expect(try probe.command("/class add 3A Cy Dee").string("type") == "ok")

        // Without the desk's secret the form has no Class choice.
        try pages.open("t", "\(base)/host")
        _ = try pages.wait("t", "return document.body.dataset.catalogs", what: "the form")
        #expect(try pages.js("t", "return document.getElementById('create-class-field').hidden") as? Bool == true)
        #expect(try pages.js("t", "return document.getElementById('desk-link').getAttribute('href')") as? String == "/desk")

        // With it (the desk keeps it for the browser session), the classes, "No class" first.
        _ = try pages.js("t", "sessionStorage.setItem('chalkline.teacher', '\(Self.secret)'); return true")
        try pages.reload("t")
        let choices = try pages.wait("t", "const f = document.getElementById('create-class-field'); return !f.hidden && [...document.querySelectorAll('#create-class option')].map(o => o.value + '|' + o.textContent)",
                                     what: "the Class choice") as? [String]
        #expect(choices == ["|No class", "3A|3A (2 students)"])
        try pages.select("t", "#create-class", "3A")
        try pages.click("t", "#kind-times")
        try pages.shot("t", "host-class-choice-1920.png", width: 1920, height: 1080)
        try pages.shot("t", "host-class-choice-360.png", width: 360, height: 740)
        try pages.click("t", "#create-button")
        let code = try #require(try pages.wait("t", "return document.body.dataset.view === 'lobby' && document.getElementById('lobby-code').textContent", what: "the lobby") as? String)
        #expect(try probe.command("/names \(code)").string("class") == "3A")

        // No picture codes in 3A: a tap on the name joins.
        let url = try #require(try pages.js("t", "return document.getElementById('lobby-url').dataset.url") as? String)
        try pages.open("cy", url)
        _ = try pages.wait("cy", "return document.body.dataset.view === 'names'", what: "the names of 3A")
        try pages.click("cy", "#class-names button[data-name='Cy']")
        _ = try pages.wait("cy", "return document.body.dataset.view === 'lobby' && document.getElementById('status-name').textContent === 'Cy'", what: "Cy in the lobby")
        _ = try pages.wait("t", "return document.querySelectorAll('#lobby-players li').length === 1", what: "Cy on the teacher's page")

        // Homework for 3A: `/names` says it is homework, and the list says so too.
        _ = try probe.command("/name MsLee")
        let set = try probe.command("/assign times table=2 rounds=2 time=30 countdown=0 class=3A due=\(HomeworkTCPTests.tomorrow)")
        let homework = try #require(set.string("code"), "\(set.object)")
        let asked = try probe.command("/names \(homework)")
        #expect(asked.object["homework"] as? Bool == true, "\(asked.object)")
        let room = try probe.command("/names \(code)")
        #expect(room.object["homework"] as? Bool == false, "\(room.object)")
        try pages.open("dee", "\(base)/?room=\(homework)")
        let title = try pages.wait("dee", "return document.body.dataset.view === 'names' && document.getElementById('names-text').textContent", what: "the names of 3A's homework") as? String
        #expect(title == "Homework for class 3A, room \(homework): tap your name.")
        try pages.shot("dee", "homework-names-360.png", width: 360, height: 740)
        try pages.shot("dee", "homework-names-1366.png", width: 1366, height: 800)
    }
}
