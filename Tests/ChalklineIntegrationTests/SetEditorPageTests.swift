import Foundation
import Testing

/// The teacher page's question sets (issue 41, "Done when": the editor's round trip): a set made
/// on the page from typed and pasted rows, saved, still there after the server restarts on the
/// same database and opened with the same rows; a file imported through the page and exported
/// again as the same CSV; a long set saved under a tight rate limit. Pages in headless Chromium
/// (Tests/Browser/teacher_desk.py), the server over real TCP. Screenshots at 1366, 1920 and
/// 360 px go to $CHALKLINE_CAPTURES/editor.
@Suite(.serialized) struct SetEditorPageTests {
    static var captures: String { BrowserDriver.captures + "/editor" }

    /// What the editor's rows show: question, answers, choices, time.
    static let rowsShown = "return [...document.querySelectorAll('#editor-rows tbody tr')].map((tr) => [...tr.querySelectorAll('input')].map((i) => i.value))"

    @Test func aSetMadeOnThePageSurvivesARestartAndAFileComesBackAsItWent() throws {
        let database = FileManager.default.temporaryDirectory.appendingPathComponent("chalkline-editor-\(UUID().uuidString).sqlite").path
        defer { LiveServer.removeDatabase(database) }
        var server: LiveServer? = try LiveServer(["--db", database])
        let pages = try Pages()
        defer { pages.quit() }
        // The desk: "Question sets" beside the create form.
        try pages.open("t", "http://127.0.0.1:\(server!.port)/host")
        _ = try pages.wait("t", "return document.querySelectorAll('#create-kinds input').length > 0", what: "the form")
        try pages.call(["cmd": "capture", "page": "t", "label": "desk", "dir": Self.captures, "css": "#sets-show"])
        try pages.openSets("t", "http://127.0.0.1:\(server!.port)")
        try pages.capture("t", "list")

        // A new set: two rows typed, two pasted from a spreadsheet after the second, one moved up.
        try pages.click("t", "#sets-new")
        try pages.type("t", "#editor-name", "week3")
        try pages.typeRow("t", 1, ["Capital of France?", "Paris"])
        try pages.click("t", "#editor-add")
        try pages.typeRow("t", 2, ["Say \"hello\", in French", "bonjour | salut", "bonjour | merci | salut", "15"])
        try pages.paste("t", into: 2, "Spain\tMadrid\r\nItaly\tRome\tRoma\r\n")
        _ = try pages.wait("t", "return document.querySelectorAll('#editor-rows tbody tr').length === 4", what: "the pasted rows")
        try pages.click("t", "#editor-rows tbody tr:nth-child(4) [data-act=up]")
        // A row with no answer: the server's parser names its line, the page the question, and
        // nothing typed is lost.
        try pages.click("t", "#editor-add")
        try pages.typeRow("t", 5, ["Capital of Germany?"])
        try pages.click("t", "#editor-save")
        let refused = try pages.wait("t", "return document.getElementById('editor-error').textContent", what: "the refusal") as? String ?? ""
        #expect(refused.hasPrefix("Question 5: "), "\(refused)")
        #expect(try pages.js("t", "return document.querySelector('#editor-rows tbody tr.bad') === document.querySelector('#editor-rows tbody tr:nth-child(5)')") as? Bool == true, "the row refused is marked")
        try pages.call(["cmd": "capture", "page": "t", "label": "refused", "dir": Self.captures, "css": "#editor-rows tbody tr:nth-child(4)"])
        try pages.type("t", "#editor-rows tbody tr:nth-child(5) [data-field=answers]", "Berlin")
        let typed = try pages.js("t", Self.rowsShown) as? [[String]]
        let made = [["Capital of France?", "Paris", "", ""], ["Say \"hello\", in French", "bonjour | salut", "bonjour | merci | salut", "15"],
                    ["Italy", "Rome | Roma", "", ""], ["Spain", "Madrid", "", ""], ["Capital of Germany?", "Berlin", "", ""]]
        #expect(typed == made, "\(String(describing: typed))")
        try pages.click("t", "#editor-save")
        let saved = try pages.wait("t", "return document.getElementById('editor-status').textContent.startsWith('Saved') && document.getElementById('editor-status').textContent",
                                   what: "the set saved") as? String ?? ""
        #expect(saved.hasPrefix("Saved week3: 5 questions."), "\(saved)")
        #expect(try pages.js("t", "return document.getElementById('editor-error').textContent") as? String == "")
        try pages.capture("t", "editor")

        // The server again, on the same database: the set is listed and opens with the same rows.
        _ = try server!.stop()
        server = nil
        server = try LiveServer(["--db", database])
        try pages.openSets("t", "http://127.0.0.1:\(server!.port)")
        let listed = try pages.js("t", "const tr = document.querySelector('#sets-list tr[data-name=\"week3\"]'); return tr && [...tr.cells].map((c) => c.textContent)") as? [String]
        #expect(listed?.prefix(3) == ["week3", "5", "saved here"], "\(String(describing: listed))")
        try pages.open(set: "week3", on: "t")
        #expect(try pages.js("t", Self.rowsShown) as? [[String]] == made, "the rows after the restart")
        try pages.call(["cmd": "capture", "page": "t", "label": "reopened", "dir": Self.captures, "css": "#set-editor"])
        // "Play this set": the create form, the quiz and this set chosen.
        try pages.click("t", "#editor-play")
        let chosen = try pages.wait("t", "const s = document.getElementById('opt-set'); return document.body.dataset.view === 'create' && s && [document.querySelector('#create-kinds input:checked').value, s.value]",
                                    what: "the create form with the set") as? [String]
        #expect(chosen == ["quiz", "week3"], "\(String(describing: chosen))")
        try pages.call(["cmd": "capture", "page": "t", "label": "play", "dir": Self.captures, "css": "#create-kinds"])
        try pages.click("t", "#sets-show")

        // A file imported: the server reads it, the page opens it, its export is the file.
        let file = #"""
            question,answer,answer,choices,time
            "Capital of Italy, the city?",Rome,Roma,,
            "Say ""yes""",oui,,oui|non|si,12.5
            Élément 1,hydrogène,H,,

            """#
        try pages.importFile("t", name: "europe.csv", file)
        _ = try pages.wait("t", "return document.getElementById('editor-title').textContent === 'Set europe' && document.querySelectorAll('#editor-rows tbody tr').length === 3",
                           what: "the imported set opened")
        let exported = try pages.download("t", "#editor-export", dir: FileManager.default.temporaryDirectory.appendingPathComponent("chalkline-export-\(UUID().uuidString)").path)
        #expect(exported.string("name") == "europe.csv")
        #expect(exported.string("text") == file, "the export is the file imported: \(exported.string("text") ?? "")")

        // A set shipped with the server opens read-only; a copy of it can be changed and saved.
        let shipped = try pages.js("t", "const tr = [...document.querySelectorAll('#sets-list tbody tr')].find((r) => r.cells[2].textContent === 'with Chalkline'); return tr ? tr.dataset.name : null") as? String
        #expect(shipped != nil, "the server ships sets")
        if let shipped {
            try pages.open(set: shipped, on: "t")
            #expect(try pages.js("t", "return [...document.querySelectorAll('#editor-rows input')].every((i) => i.readOnly) && document.getElementById('editor-save').hidden") as? Bool == true)
            try pages.capture("t", "shipped")
            try pages.click("t", "#editor-copy")
            #expect(try pages.js("t", "return document.getElementById('editor-name').value") as? String == "\(shipped)-copy")
            #expect(try pages.js("t", "return [...document.querySelectorAll('#editor-rows input')].some((i) => i.readOnly)") as? Bool == false, "the copy can be changed")
        }

        // The create form offers the saved sets for the quiz.
        try pages.click("t", "#sets-back")
        try pages.click("t", "#kind-quiz")
        let offered = try pages.wait("t", "const s = document.getElementById('opt-set'); return s && [...s.options].map((o) => o.value)", what: "the quiz's sets") as? [String] ?? []
        #expect(offered.contains("week3") && offered.contains("europe"), "\(offered)")
    }

    /// 300 rows pasted and saved with the server's rate limit at 2 lines a second: the page sends
    /// one `/sets add` at a time and, told `rate_limited`, waits and sends it again.
    @Test func aLongSetIsSavedUnderATightRateLimit() throws {
        let server = try LiveServer(["--rate-limit", "2"])
        let pages = try Pages()
        defer { pages.quit() }
        try pages.openSets("t", "http://127.0.0.1:\(server.port)")
        try pages.click("t", "#sets-new")
        try pages.type("t", "#editor-name", "long")
        let rows = (1...300).map { "What is \($0) + \($0)?\t\($0 * 2)" }.joined(separator: "\n")
        try pages.paste("t", into: 1, rows)
        _ = try pages.wait("t", "return document.querySelectorAll('#editor-rows tbody tr').length === 300", what: "300 rows")
        try pages.click("t", "#editor-save")
        _ = try pages.wait("t", "return document.getElementById('editor-status').textContent.startsWith('Saved long: 300 questions.')",
                           what: "the set saved", timeout: 60)
        let teacher = try server.connect()
        try teacher.skipWelcome()
        _ = try teacher.command("/format json")
        let shown = try teacher.command("/sets show long")
        let questions = shown.list("questions")
        #expect(questions.count == 300 && questions.last?["question"] as? String == "What is 300 + 300?", "\(questions.count)")
    }

    /// A server with `--create-password`: the first save is refused, the page asks for the
    /// password, and the save with it goes through (nothing typed is lost meanwhile).
    @Test func aServerWithAPasswordAsksForItOnce() throws {
        let server = try LiveServer(["--create-password", "chalk42"])
        let pages = try Pages()
        defer { pages.quit() }
        try pages.openSets("t", "http://127.0.0.1:\(server.port)")
        try pages.click("t", "#sets-new")
        try pages.type("t", "#editor-name", "locked")
        try pages.typeRow("t", 1, ["Capital of Peru?", "Lima"])
        try pages.click("t", "#editor-save")
        _ = try pages.wait("t", "return !document.getElementById('sets-password-field').hidden && document.getElementById('editor-error').textContent.includes('password')", what: "the password asked")
        #expect(try pages.js("t", Self.rowsShown) as? [[String]] == [["Capital of Peru?", "Lima", "", ""]])
        try pages.type("t", "#sets-password", "chalk42")
        try pages.click("t", "#editor-save")
        _ = try pages.wait("t", "return document.getElementById('editor-status').textContent.startsWith('Saved locked: 1 question.')", what: "the set saved")
    }

    /// teacher_desk.py, and the sets view's steps.
    final class Pages: BrowserPages {
        init() throws { try super.init(script: "Tests/Browser/teacher_desk.py", captures: SetEditorPageTests.captures) }

        func openSets(_ page: String, _ base: String) throws {
            try open(page, "\(base)/host")
            try click(page, "#sets-show")
            _ = try wait(page, "return document.body.dataset.view === 'sets' && document.getElementById('sets-list').dataset.count !== undefined", what: "the list of sets")
        }

        func open(set name: String, on page: String) throws {
            try click(page, "#sets-list button[data-open=\"\(name)\"]")
            _ = try wait(page, "return document.getElementById('editor-title').textContent === 'Set \(name)' && !document.getElementById('sets-busy').textContent",
                         what: "set \(name) opened")
        }

        /// Row `n`'s boxes typed in order (question, answers, choices, time).
        func typeRow(_ page: String, _ n: Int, _ values: [String]) throws {
            for (field, value) in zip(["question", "answers", "choices", "time"], values) {
                try type(page, "#editor-rows tbody tr:nth-child(\(n)) [data-field=\(field)]", value)
            }
        }

        /// What a spreadsheet's copy puts on the clipboard, pasted into row `n`'s question.
        func paste(_ page: String, into n: Int, _ text: String) throws {
            let json = String(decoding: try JSONSerialization.data(withJSONObject: [text]), as: UTF8.self)
            _ = try js(page, """
                const box = document.querySelector('#editor-rows tbody tr:nth-child(\(n)) [data-field=question]');
                box.focus();
                const data = new DataTransfer();
                data.setData('text/plain', \(json)[0]);
                box.dispatchEvent(new ClipboardEvent('paste', {clipboardData: data, bubbles: true, cancelable: true}));
                return true
                """)
        }

        /// A file chosen in "Import a file".
        func importFile(_ page: String, name: String, _ text: String) throws {
            let json = String(decoding: try JSONSerialization.data(withJSONObject: [name, text]), as: UTF8.self)
            _ = try js(page, """
                const [name, text] = \(json);
                const data = new DataTransfer();
                data.items.add(new File([text], name, {type: 'text/csv'}));
                const input = document.getElementById('sets-file');
                input.files = data.files;
                input.dispatchEvent(new Event('change', {bubbles: true}));
                return true
                """)
        }
    }
}
