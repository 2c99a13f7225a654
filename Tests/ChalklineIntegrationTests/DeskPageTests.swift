import ChalklineTesting
import Foundation
import Testing

/// The teacher's desk (/desk, issue 40) in headless Chromium against the real server: the
/// secret first and nothing without it; a class made from a pasted list, its picture codes and
/// their card sheet; homework set from the page, done by two students over TCP while its counts
/// move, its report and the CSV the server's `report assignment CODE --csv` writes, extended and
/// closed early. Tests/Browser/desk.py drives the browsers; screenshots at 1366, 1920 and 360 px
/// go to $CHALKLINE_CAPTURES/desk.
@Suite(.serialized) struct DeskPageTests {
    static var captures: String { BrowserDriver.captures + "/desk" }
    /// A server with a create password takes it as the teacher's secret.
    static let secret = "chalk42"

    // MARK: - The secret

    @Test func aPageWithoutTheSecretShowsNothingOfTheDeskAndTheLineRefusesTheSame() throws {
        let server = try LiveServer(["--create-password", Self.secret])
        let teacher = try Self.teacher(server)
        #expect(try teacher.command("/class add 4B Ana Bo").string("type") == "ok")
        let pages = try Pages()
        defer { pages.quit() }
        try pages.open("s", "http://127.0.0.1:\(server.port)/desk")
        _ = try pages.wait("s", "return document.body.dataset.conn === 'open' && !document.getElementById('secret').hidden", what: "the secret's form")
        try pages.capture("s", "secret")
        let nothing = "return document.getElementById('desk').hidden && document.getElementById('cards').hidden && !document.body.innerHTML.includes('Ana')"
        #expect(try pages.js("s", nothing) as? Bool == true, "no class, student or tab before the secret")
        // A wrong secret: refused and said; the page keeps nothing of it and shows nothing more.
        try pages.type("s", "#secret-input", "wrong", enter: true)
        let said = try pages.wait("s", "return document.getElementById('secret-error').textContent", what: "the refusal") as? String
        #expect(said?.isEmpty == false)
        #expect(try pages.js("s", nothing) as? Bool == true, "still nothing after a wrong secret")
        #expect(try pages.js("s", "return sessionStorage.getItem('chalkline.teacher') === null") as? Bool == true, "a wrong secret is not kept")
        // The line protocol refuses what the desk would have shown to anyone without the secret.
        let student = try server.player("eve")
        for line in ["/class list", "/class list 4B", "/report games", "/report assignments"] {
            #expect(try student.command(line).code == "not_teacher", "\(line) without the secret")
        }
        // The right one: the desk, its classes, and the secret kept for a reload.
        try pages.type("s", "#secret-input", Self.secret, enter: true)
        _ = try pages.wait("s", "return document.body.dataset.teacher === 'yes' && [...document.querySelectorAll('#class-list [data-name]')].map(b => b.dataset.name).join() === '4B'",
                           what: "the desk with class 4B")
        try pages.reload("s")
        _ = try pages.wait("s", "return document.body.dataset.teacher === 'yes' && document.querySelectorAll('#class-list [data-name]').length === 1",
                           what: "the desk again after a reload, without asking")
    }

    /// Wrong guesses from the school's address (a pupil at netcat) shut it out for a minute:
    /// the desk's own `/teacher` gets `rate_limited`, not `bad_password`. The secret is right, so
    /// the desk keeps it, says how long to wait, and opens by itself once the wait is over.
    @Test func aShutOutAddressKeepsTheSecretAndTheDeskOpensAfterTheWait() throws {
        let server = try LiveServer(["--create-password", Self.secret])
        let pages = try Pages()
        defer { pages.quit() }
        try pages.open("s", "http://127.0.0.1:\(server.port)/desk")
        _ = try pages.wait("s", "return document.body.dataset.conn === 'open' && !document.getElementById('secret').hidden", what: "the secret's form")
        _ = try pages.js("s", "sessionStorage.setItem('chalkline.teacher', \(Self.jsString(Self.secret))); return true")
        let pupil = try server.player("eve")
        var refused = ""
        for _ in 0..<40 where refused != "rate_limited" { refused = try pupil.command("/teacher guess").code ?? "" }
        #expect(refused == "rate_limited", "the address shut out")
        try pages.reload("s")
        let said = try pages.wait("s", "return document.getElementById('secret-error').textContent", what: "the wait said") as? String ?? ""
        #expect(said.contains("wait") && said.contains("tries again by itself"), "\(said)")
        #expect(try pages.js("s", "return sessionStorage.getItem('chalkline.teacher')") as? String == Self.secret, "the right secret kept")
        try pages.capture("s", "secret-wait")
        _ = try pages.wait("s", "return document.body.dataset.teacher === 'yes'", what: "the desk open after the minute's wait", timeout: 100)
    }

    // MARK: - A class, homework, its report

    @Test func aTeacherMakesAClassFromAPastedListAndFollowsHomeworkTwoStudentsDo() throws {
        let server = try LiveServer(["--create-password", Self.secret])
        let pages = try Pages()
        defer { pages.quit() }
        let base = "http://127.0.0.1:\(server.port)"
        try pages.open("t", "\(base)/desk")
        try pages.type("t", "#secret-input", Self.secret, enter: true)
        _ = try pages.wait("t", "return document.body.dataset.teacher === 'yes' && document.getElementById('class-none').hidden === false", what: "the desk, no classes yet")

        // A class list pasted from a spreadsheet: more than one line's worth of names (a line is
        // at most 1024 bytes), one with a space, one twice.
        let names = ["Ana", "Bo", "Cy Lopez"] + (1...55).map { String(format: "Pupil-Number-%02d", $0) }
        let pasted = (names + ["Bo"]).joined(separator: "\n")
        try pages.type("t", "#class-new-name", "4B")
        _ = try pages.js("t", "document.getElementById('class-new-names').value = \(Self.jsString(pasted)); return true")
        try pages.click("t", "#class-new-button")
        _ = try pages.wait("t", "return document.querySelectorAll('#class-students tbody tr').length === 58 && document.getElementById('class-status').textContent.includes('made')",
                           what: "class 4B with its 58 students", timeout: 30)
        let teacher = try Self.teacher(server)
        let listed = try teacher.command("/class list 4B")
        let students = (listed.object["class"] as? [String: Any])?.list("students") ?? []
        #expect(students.compactMap { $0.string("name") } == ["Ana", "Bo", "Cy-Lopez"] + names.dropFirst(3), "every name, in the pasted order")

        // Picture codes, and their cards.
        try pages.click("t", "#codes-on")
        _ = try pages.wait("t", "return document.querySelectorAll('#class-students tbody .code-picture').length === 58 * 3", what: "every student's three pictures")
        try pages.capture("t", "classes")
        try pages.click("t", "#class-cards-show")
        _ = try pages.wait("t", "return !document.getElementById('cards').hidden && document.querySelectorAll('#card-grid .card').length === 58", what: "the card sheet")
        #expect(try pages.js("t", "return document.getElementById('desk').getClientRects().length") as? Int == 0, "the sheet alone on the page")
        try pages.capture("t", "cards")
        let codes = Dictionary(uniqueKeysWithValues: try teacher.command("/class list 4B").object["class"].flatMap { $0 as? [String: Any] }?
            .list("students").compactMap { s in s.string("name").map { ($0, s.string("code") ?? "") } } ?? [])
        let shownCode = try pages.js("t", "return [...document.querySelectorAll('#card-grid .card[data-name=\"Ana\"] svg')].map(s => s.dataset.digit).join('')") as? String
        #expect(shownCode == codes["Ana"], "Ana's card shows her code: \(shownCode ?? "") vs \(codes["Ana"] ?? "")")
        try pages.click("t", "#cards-back")

        // Homework for the class, set from the page.
        try pages.click("t", "#tab-btn-homework")
        try pages.click("t", "#hw-set summary")
        try pages.select("t", "#hw-kind", "times")
        try pages.select("t", "#hw-class", "4B")
        _ = try pages.wait("t", "return !document.getElementById('hw-adaptive-field').hidden", what: "the adaptive choice for times with a class")
        try pages.type("t", "#opt-rounds", "3")
        try pages.type("t", "#opt-time", "20")
        _ = try pages.js("t", "document.getElementById('hw-more').open = true; return true")
        try pages.type("t", "#opt-countdown", "0")
        try pages.select("t", "#hw-attempts", "2")
        try pages.click("t", "#hw-button")
        let code = try #require(try pages.wait("t", "const r = document.querySelector('#hw-open tbody tr'); return r && r.dataset.code", what: "the homework in the list") as? String)
        let open = try teacher.command("/assignments").list("assignments").first { $0.string("code") == code }
        #expect(open?.string("class") == "4B" && open?.string("attempts") == "2" && open?.int("roster") == 58, "\(String(describing: open))")
        let cell = { (name: String) in "return document.querySelector('#hw-open tr[data-code=\"\(code)\"] .hw-\(name)').textContent" }

        // Two students do it; the counts move on the page as they go.
        var finished = 0
        for name in ["Ana", "Bo"] {
            let student = try server.player("x" + name)
            let joined = try student.command("/join \(code) \(name) \(codes[name] ?? "")")
            #expect(joined.string("type") == "ok", "\(joined)")
            _ = try pages.wait("t", "return \(Self.function(cell("started"))) === '\(finished + 1)'", what: "\(name) started")
            _ = try HomeworkTCPTests.answerEverything(student)
            finished += 1
            _ = try pages.wait("t", "return \(Self.function(cell("finished"))) === '\(finished) of 58'", what: "\(name) finished")
        }
        try pages.capture("t", "homework")

        // The report, and its CSV as the server's own command writes it.
        try pages.click("t", "#hw-open tr[data-code=\"\(code)\"] button.report")
        let rows = try pages.wait("t", "const t = document.querySelector('#hw-report-parts [data-part=students] tbody'); return t && !document.getElementById('hw-report-csv').hidden && t.rows.length",
                                  what: "the homework's report") as? Int
        #expect(rows == 58, "every student of the class: the two who finished, the rest not started")
        let first = try pages.js("t", "return [...document.querySelectorAll('#hw-report-parts [data-part=students] tbody tr')].slice(0, 2).map(r => r.cells[1].textContent + ' ' + r.cells[2].textContent)") as? [String]
        #expect(Set(first ?? []) == ["Ana finished", "Bo finished"], "\(first ?? [])")
        try pages.capture("t", "report")
        let download = try pages.download("t", "#hw-report-csv", dir: FileManager.default.temporaryDirectory.appendingPathComponent("chalkline-desk-\(UUID().uuidString)").path)
        #expect(download.string("name") == "chalkline-homework-\(code).csv")
        let served = try FinishedRun.server(["report", "assignment", code, "--csv", "--db", server.databasePath])
        #expect(served.status == 0, "\(served.stderr)")
        #expect(download.string("text") == served.stdout, "the page's CSV is the server's, byte for byte")

        // Extended a day, then closed early: it leaves the open list for the past one.
        try pages.click("t", "#hw-report-back")
        let due = try pages.js("t", "return document.querySelector('#hw-open tr[data-code=\"\(code)\"]').cells[3].textContent") as? String
        try pages.click("t", "#hw-open tr[data-code=\"\(code)\"] button.extend")
        try pages.click("t", "#hw-open tr[data-code=\"\(code)\"] .extend-form button[type=submit]")
        _ = try pages.wait("t", "const r = document.querySelector('#hw-open tr[data-code=\"\(code)\"]'); return r && r.cells[3].textContent !== '\(due ?? "")'", what: "the new due time")
        let later = try teacher.command("/assignments").list("assignments").first { $0.string("code") == code }?.string("due")
        #expect(later != nil && later != due, "a day later: \(later ?? "") after \(due ?? "")")
        try pages.click("t", "#hw-open tr[data-code=\"\(code)\"] button.close")
        try pages.click("t", "#hw-open tr[data-code=\"\(code)\"] button.close-yes")
        _ = try pages.wait("t", "return !document.querySelector('#hw-open tr[data-code=\"\(code)\"]') && !!document.querySelector('#hw-past tr[data-code=\"\(code)\"]')",
                           what: "the homework closed, in the past list")
        let late = try server.player("late")
        #expect(try late.command("/join \(code) Cy-Lopez \(codes["Cy-Lopez"] ?? "")").code == "past_due", "closed: no new tries")
    }

    // MARK: - Helpers

    /// A connection that gave the secret.
    static func teacher(_ server: LiveServer) throws -> HarnessClient {
        let teacher = try server.player("MsLee")
        let ok = try teacher.command("/teacher \(secret)")
        guard ok.string("type") == "ok" else { throw TestFailure("/teacher: \(ok)") }
        return teacher
    }

    static func jsString(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: [text]), as: UTF8.self).dropFirst().dropLast().description
    }

    /// A `return EXPR` body as an expression.
    static func function(_ body: String) -> String { "(() => { \(body) })()" }

    /// desk.py: one command, one event.
    final class Pages: BrowserPages {
        init() throws { try super.init(script: "Tests/Browser/desk.py", captures: DeskPageTests.captures) }
    }
}
