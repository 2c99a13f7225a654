import ChalklineTesting
import Foundation
import Testing

/// The desk (/desk) in the browser's language (issue 42): Chromium started with `--lang=CODE`
/// and the `intl.accept_languages` pref opens the desk of a class that has played and has
/// homework; each tab, filled, is in that language: the page's `lang`, no English text of the
/// desk's catalog (a desk.* text that differs from the language's) anywhere on it, in its
/// labels or in what a screen reader says. Whole-page screenshots at 360 and 1920 px of each tab
/// go to $CHALKLINE_SHOTS/42-desk (/work/shots/42-desk unless told).
@Suite(.serialized) struct DeskLanguageTests {
    static var shots: String {
        (ProcessInfo.processInfo.environment["CHALKLINE_SHOTS"] ?? "/work/shots") + "/42-desk"
    }

    @Test(arguments: ["fr", "de", "es", "pt", "en"])
    func everyTabOfTheDeskSpeaksTheBrowsersLanguage(code: String) throws {
        let server = try LiveServer()
        let teacher = try DeskViewsLiveTests.teacher(server, students: ["Ana", "Bo", "Cy"])
        let room = try DeskViewsLiveTests.classRoom(teacher, server, ["Ana", "Bo", "Cy"], options: "rounds=2 table=7")
        try DeskViewsLiveTests.playGame(room.host, room.pupils) { name, round in name == "Bo" && round == 1 }
        #expect(try teacher.command("/class codes 4B on").type == "ok")
        let set = try teacher.command("/assign times table=6 rounds=3 class=4B due=\(HomeworkTCPTests.tomorrow)")
        #expect(set.type == "ok", "\(set)")

        let pages = try Pages()
        defer { pages.quit() }
        try pages.call(["cmd": "lang", "page": "t", "lang": code])
        try pages.open("t", "http://127.0.0.1:\(server.port)/desk")
        _ = try pages.js("t", "window.__errors = []; window.addEventListener('error', (e) => window.__errors.push(String(e.message))); return true")
        try pages.drawn("t", code, "secret", "return document.documentElement.lang === '\(code)' && !document.getElementById('secret').hidden", what: "the secret's form in \(code)")
        try pages.type("t", "#secret-input", server.teacherSecret ?? "", enter: true)
        _ = try pages.wait("t", "return document.body.dataset.teacher === 'yes'", what: "the desk opened")
        #expect(try pages.js("t", "return document.getElementById('lang').value") as? String == code, "the switcher shows the language")

        // Classes: 4B open, its picture codes, then the card sheet.
        try pages.click("t", "#class-list [data-name='4B']")
        try pages.drawn("t", code, "classes", "return document.querySelectorAll('#class-students tbody .code-picture').length === 9", what: "4B's three students and their codes")
        try pages.click("t", "#class-cards-show")
        try pages.drawn("t", code, "cards", "return !document.getElementById('cards').hidden && document.querySelectorAll('#card-grid .card').length === 3", what: "the cards")
        try pages.click("t", "#cards-back")

        // Homework: the open one, the form open.
        try pages.click("t", "#tab-btn-homework")
        try pages.click("t", "#hw-set summary")
        try pages.drawn("t", code, "homework", "return document.querySelectorAll('#hw-open tbody tr').length === 1 && document.querySelectorAll('#hw-options .field').length > 0", what: "the open homework and the form")

        // Past games: the list, then the game's report.
        try pages.click("t", "#tab-btn-games")
        try pages.drawn("t", code, "games", "return document.querySelectorAll('#games-list tbody tr').length === 1", what: "the game played")
        try pages.click("t", "#games-list tbody button")
        try pages.drawn("t", code, "game-report", "return document.querySelectorAll('#game-report-standings tbody tr').length === 3", what: "its report")
        try pages.click("t", "#game-back")

        // Progress: the class, every figure.
        try pages.click("t", "#tab-btn-progress")
        try pages.select("t", "#progress-class", "4B")
        try pages.drawn("t", code, "progress", "return document.querySelectorAll('#fig-times g.fact').length === 144 && document.querySelectorAll('#fig-students tbody tr').length === 3", what: "4B's progress")
        #expect(try pages.js("t", "return window.__errors") as? [String] == [])
    }

    /// A switch on the page: the desk draws again in the language chosen, remembers it for the
    /// next visit, and the server answers in it from then on (its error for a class that is not
    /// there comes in German).
    @Test func theSwitcherChangesTheDeskAndTheServersLanguageAndIsRemembered() throws {
        let server = try LiveServer()
        _ = try DeskViewsLiveTests.teacher(server, students: ["Ana"])
        let pages = try Pages()
        defer { pages.quit() }
        try pages.call(["cmd": "lang", "page": "t", "lang": "fr"])
        try pages.open("t", "http://127.0.0.1:\(server.port)/desk")
        _ = try pages.wait("t", "return document.documentElement.lang === 'fr' && document.getElementById('secret-button').textContent === 'Ouvrir le bureau'", what: "the desk in French")
        try pages.type("t", "#secret-input", server.teacherSecret ?? "", enter: true)
        _ = try pages.wait("t", "return document.body.dataset.teacher === 'yes'", what: "the desk opened")
        try pages.select("t", "#lang", "de")
        _ = try pages.wait("t", "return document.documentElement.lang === 'de' && document.getElementById('tab-btn-homework').textContent === 'Hausaufgaben'"
                           + " && document.querySelector('#class-list .class-count').textContent === '1 Kind'", what: "the desk in German")
        try pages.english("t", "de")
        try pages.reload("t")
        _ = try pages.wait("t", "return document.body.dataset.teacher === 'yes' && document.documentElement.lang === 'de'", what: "German again after a reload")
        #expect(try pages.js("t", "return localStorage.getItem('chalkline.lang')") as? String == "de")
    }

    /// desk_lang.py: one command, one event.
    final class Pages: BrowserPages {
        init(captures: String = DeskLanguageTests.shots) throws { try super.init(script: "Tests/Browser/desk_lang.py", captures: captures) }

        /// Whole-page screenshots at 360 and 1920 px, LABEL-WIDTH.png.
        func shoot(_ page: String, _ label: String) throws {
            try call(["cmd": "capture", "page": page, "label": label, "dir": captures])
        }

        /// `js` true, then the page checked for English and shot as CODE-LABEL.
        func drawn(_ page: String, _ code: String, _ label: String, _ js: String, what: String) throws {
            _ = try wait(page, js, what: what)
            try english(page, code)
            try shoot(page, "\(code)-\(label)")
        }

        /// Fails when the page shows an English text of the desk's catalog (one that `code`
        /// says differently): each English text, or each piece of it between placeholders
        /// eight characters or longer, searched for in what the page shows and says.
        func english(_ page: String, _ code: String) throws {
            let found = try wait(page, """
                if (!window.__english) {
                  window.__english = 'loading';
                  Promise.all(['en', '\(code)'].map((c) => fetch('/lang/' + c + '.json').then((r) => r.json()))).then(([en, here]) => {
                    const pieces = new Set();
                    for (const [k, v] of Object.entries(en.texts)) {
                      if (!k.startsWith('desk.') && !k.startsWith('page.picture.')) continue;
                      const theirs = [].concat(here.texts[k]);
                      [].concat(v).forEach((form, i) => {
                        const other = theirs[Math.min(i, theirs.length - 1)];
                        if (form === other) return;
                        for (const p of form.split(/\\{\\w+\\}/).map((s) => s.trim())) if (p.length >= 8 && !other.includes(p)) pieces.add(p);
                      });
                    }
                    window.__english = [...pieces];
                  });
                }
                if (!Array.isArray(window.__english)) return false;
                // Not the desk's words: the server's own start-up line quoted in the secret's help,
                // the catalog's option labels and help (/catalog), a report's column names
                // (host-report.js's): their parts test them.
                const theirs = document.querySelectorAll('#secret-help, #hw-options, #hw-more-options, #hw-kind-help, .report-table thead, #game-report-summary');
                theirs.forEach((e) => { e.dataset.display = e.style.display; e.style.display = 'none'; });
                const said = [document.title, document.body.innerText,
                  ...[...document.querySelectorAll('[aria-label]')].filter((e) => e.getClientRects().length).map((e) => e.getAttribute('aria-label')),
                  ...[...document.querySelectorAll('svg title')].filter((e) => e.parentNode.getClientRects().length).map((e) => e.textContent)].join('\\n');
                theirs.forEach((e) => { e.style.display = e.dataset.display; });
                return JSON.stringify(window.__english.filter((p) => said.includes(p)));
                """, what: "the English texts") as? String
            #expect(found == "[]", "\(code): English on the page: \(found ?? "")")
        }
    }
}
