import ChalklineTesting
import Foundation
import Testing

/// Issue 41 on the projector (the teacher page and a second screen, `/host?watch=CODE`): a
/// multiple-choice question is shown with its choices lettered A, B... in big tiles, and the
/// round's end marks the right one with a ✓ and how many were right, not by colour alone; a
/// typed set question is a sentence that wraps (never wider than the screen). Screenshots at
/// 360, 1366 and 1920 px go to $CHALKLINE_CAPTURES/projector.
@Suite(.serialized) struct ProjectorChoicesTests {
    static var captures: String { BrowserDriver.captures + "/projector" }

    /// Tests/Browser/choices.py: host.py's commands, and a page kept at a given size.
    final class Pages: BrowserPages {
        init() throws { try super.init(script: "Tests/Browser/choices.py", captures: ProjectorChoicesTests.captures) }
        func size(_ page: String, _ width: Int, _ height: Int) throws { try call(["cmd": "size", "page": page, "width": width, "height": height]) }
        /// `label` at a phone's, a small projector's and a big one's size, each checked to be no
        /// wider than the window; the page is left at 1366 x 768.
        func shots(_ page: String, _ label: String) throws {
            for (width, height) in [(360, 740), (1920, 1080), (1366, 768)] {
                try size(page, width, height)
                let fits = try js(page, "return document.documentElement.scrollWidth <= window.innerWidth") as? Bool
                #expect(fits == true, "\(page) \(label) at \(width) px: wider than the window")
                try shot(page, "\(page)-\(label)-\(width).png", width: width, height: height)
            }
        }
    }

    static func letter(_ i: Int) -> String { String(UnicodeScalar(65 + i)!) }

    /// The projector's tiles as shown: [letter, text, mark] each ("" unmarked).
    static let tiles = """
        const list = document.getElementById('play-choices');
        return list.hidden ? null : [...list.children].map(li => [li.querySelector('.pick-key').textContent,
          li.querySelector('.pick-text').textContent, (li.querySelector('.pick-mark') || {}).textContent || ''])
        """

    /// The shipped capitals set's first answer to `question` (a plain CSV: no quoted commas).
    func capital(_ question: String) throws -> String {
        let file = BuiltProducts.repository.appendingPathComponent("Sources/chalkline-server/Sets/capitals.csv")
        let line = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").first { $0.hasPrefix(question + ",") }
        return try #require(line.map { String($0.split(separator: ",", omittingEmptySubsequences: false)[1]) }, "\(question)")
    }

    /// Waits until `page` shows `question`'s text and its choices as lettered tiles, none marked.
    func waitForTiles(_ pages: Pages, _ page: String, _ text: String, _ choices: [String]) throws {
        let expected = choices.enumerated().map { [Self.letter($0.offset), $0.element, ""] }
        let json = String(decoding: try JSONSerialization.data(withJSONObject: expected), as: UTF8.self)
        _ = try pages.wait(page, """
            const tiles = (() => { \(Self.tiles) })();
            return document.body.dataset.view === 'play' && document.getElementById('play-question').textContent === \(text.debugDescription)
              && JSON.stringify(tiles) === \(json.debugDescription)
            """, what: "the question and its choices A to \(Self.letter(choices.count - 1))", timeout: 30)
    }

    @Test func theProjectorShowsTheChoicesAndMarksTheRightOne() throws {
        let server = try LiveServer()
        let pages = try Pages()
        defer { pages.quit() }
        print("projector screenshots: \(Self.captures)")
        let base = "http://127.0.0.1:\(server.port)"
        let code = try pages.createRoom("t", base, kind: "quiz",
                                        ["set": "capitals", "choices": "4", "rounds": "1", "time": "60", "countdown": "0", "gap": "30"])
        try pages.open("w", "\(base)/host?watch=\(code)")
        let ann = try server.seatedPupil("ann", in: code)
        _ = try pages.wait("t", "return document.getElementById('lobby-players').textContent.includes('ann')", what: "ann in the lobby")
        try pages.click("t", "#btn-start")

        let question = try ann.expect("question", timeout: 20)
        let text = try #require(question.string("text"))
        let choices = try #require(question["choices"] as? [String], "\(question)")
        #expect(choices.count == 4)
        let right = try #require(choices.firstIndex { $0.lowercased() == (try? capital(text))?.lowercased() }, "\(choices)")
        for page in ["t", "w"] { try waitForTiles(pages, page, text, choices) }
        try pages.shots("t", "question")

        let reply = try ann.command("/answer \(Self.letter(right))")
        #expect(JSONValue.bool(reply["correct"]) == true, "\(reply)")
        let end = try ann.expect("round_end", timeout: 20)
        #expect(end.string("answer_text")?.lowercased() == choices[right].lowercased())

        var marked = choices.indices.map { _ in "" }
        marked[right] = "✓ 1 right"
        for page in ["t", "w"] {
            _ = try pages.wait(page, "return document.body.dataset.view === 'results' && document.getElementById('play-choices').dataset.revealed === 'yes'",
                               what: "the round's end", timeout: 20)
            let shown = try pages.js(page, Self.tiles) as? [[String]]
            #expect(shown?.map { $0[2] } == marked, "\(page): \(shown ?? [])")
            #expect(try pages.js(page, "return document.querySelector('#play-choices .pick-right').dataset.letter") as? String == Self.letter(right))
            #expect(try pages.js(page, "return document.getElementById('play-reveal').textContent") as? String == "Answer: \(Self.letter(right))) \(end.string("answer_text") ?? "")")
            #expect(try pages.js(page, "return document.getElementById('play-question').offsetHeight > 0") as? Bool == true, "\(page): the question stays up")
        }
        try pages.shots("t", "revealed")
    }

    /// A set's question of 199 characters, typed (no `choices`).
    static let longSet = """
        question,answer
        "In the story we read this week, the fox asks the crow to sing, so that she drops the piece of cheese she holds in her beak: what is a short story with animals that teaches a lesson at its end called?",fable
        """

    @Test func aTypedSetQuestionIsAWrappedSentence() throws {
        let sets = FileManager.default.temporaryDirectory.appendingPathComponent("chalkline-projector-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: sets, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: sets) }
        try Self.longSet.write(to: sets.appendingPathComponent("fables.csv"), atomically: true, encoding: .utf8)
        let server = try LiveServer(["--sets", sets.path])
        let pages = try Pages()
        defer { pages.quit() }
        let host = try server.connect()
        try host.enterJSON(named: "MsLee")
        let made = try host.command("/create quiz set=fables play=no countdown=0 time=60 gap=30")
        let code = try #require(made.string("room"), "\(made)")
        try pages.open("w", "http://127.0.0.1:\(server.port)/host?watch=\(code)")
        let ann = try server.seatedPupil("ann", in: code)
        _ = try pages.wait("w", "return document.body.dataset.view === 'lobby'", what: "the lobby")
        _ = try host.command("/start")

        let text = try #require(try ann.expect("question", timeout: 20).string("text"))
        #expect(text.count > 150)
        let wrapped = """
            const q = document.getElementById('play-question');
            return document.body.dataset.view === 'play' && q.textContent === \(text.debugDescription) && q.classList.contains('sentence')
              && document.getElementById('play-choices').hidden && q.offsetHeight > 2 * parseFloat(getComputedStyle(q).fontSize)
            """
        _ = try pages.wait("w", wrapped, what: "the question as a sentence on several lines", timeout: 30)
        try pages.shots("w", "typed")
        _ = try pages.wait("w", wrapped, what: "the question still a wrapped sentence at 1366 px", timeout: 5)

        _ = try ann.command("/answer Fable")
        _ = try ann.expect("round_end", timeout: 20)
        _ = try pages.wait("w", """
            return document.body.dataset.view === 'results' && document.querySelector('#play-reveal .reveal-question').textContent === \(text.debugDescription)
              && document.querySelector('#play-reveal .reveal-answer').textContent === 'Answer: fable'
            """, what: "the question with its answer", timeout: 20)
        try pages.shots("w", "typed-revealed")
    }
}
