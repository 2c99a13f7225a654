import Testing
@testable import ChalklineCore

/// The quiz kind on sets built in code: its options, its order, its options for multiple
/// choice, how answers are read, and its errors.
@Suite("The quiz race (question sets)")
struct SetQuizTests {
    private func refusal(_ words: String) -> String? {
        do { _ = try SetFixtures.settings(words); return nil } catch { return error.message }
    }

    @Test func theDefaultsAskEveryQuestionOnceInTheSetsOrder() throws {
        let s = try SetFixtures.settings("set=capitals")
        #expect(s.rounds == 8)
        #expect(s.kind.order == .asis && s.kind.choices == 0 && s.kind.ask == .question)
        #expect(s.kind.rules == SetJudgeRules(typos: false, accentsLenient: true))
        let texts = try SetFixtures.questions("set=capitals").map(\.text)
        #expect(texts == SetFixtures.capitals.questions.map(\.text))
        // More rounds than questions go round the set again.
        #expect(try SetFixtures.questions("set=capitals rounds=10").map(\.text).suffix(2) == ["Capital of France?", "Capital of Italy?"])
        #expect(try SetFixtures.settings("set=capitals ask=both").rounds == 16)
    }

    @Test func settingsEchoEveryOptionWithTheSetsOwnName() throws {
        let json = try SetFixtures.settings("set=FRENCH choices=2 typos=1 accents=strict").json
        #expect(json["set"] == .string("French"))
        #expect(json["choices"] == .int(2) && json["typos"] == .int(1) && json["accents"] == .string("strict"))
        #expect(json["rounds"] == .int(3) && json["order"] == .string("asis") && json["ask"] == .string("question"))
        guard case .object(let fields) = json else { Issue.record("not an object"); return }
        #expect(fields.map(\.0) == QuizSettings<SetQuiz>.options.map(\.name))
    }

    @Test func randomOrderAsksEachQuestionOnceInAnOrderTheSeedDecides() throws {
        let a = try SetFixtures.questions("set=capitals order=random", seed: 5).map(\.text)
        #expect(Set(a) == Set(SetFixtures.capitals.questions.map(\.text)) && a.count == 8)
        #expect(try SetFixtures.questions("set=capitals order=random", seed: 5).map(\.text) == a)
        let others = try (6...12).map { try SetFixtures.questions("set=capitals order=random", seed: $0).map(\.text) }
        #expect(others.contains { $0 != a })
        // Going round again, never the same question twice in a row.
        for seed in UInt64(1)...40 {
            let long = try SetFixtures.questions("set=french order=random rounds=30", seed: seed).map(\.text)
            #expect(zip(long, long.dropFirst()).allSatisfy { $0 != $1 }, "seed \(seed): \(long)")
        }
    }

    @Test func askAnswerTurnsTheRowsRoundAndBothAsksEachWay() throws {
        let turned = try SetFixtures.questions("set=french ask=answer")
        #expect(turned.map(\.text) == ["dog", "cat", "pupil"])
        #expect(turned[0].answerText == "chien")
        #expect(turned[2].judge("élève") == .right)
        #expect(turned[2].judge("student") == .wrong)
        let both = try SetFixtures.questions("set=french ask=both")
        #expect(both.map(\.text) == ["chien", "chat", "élève", "dog", "cat", "pupil"])
        #expect(both[2].judge("student") == .right && both[2].judge("pupil") == .right)
    }

    /// How a typed answer is compared is the judge's (`SetAnswerJudgeTests`); the kind hands it
    /// every accepted answer and the room's rules.
    @Test func typedAnswersAreJudgedByTheRoomsRules() throws {
        let q = try SetFixtures.questions("set=capitals")
        #expect(q[0].choices == nil && q[0].detail == nil)
        #expect(q[0].judge("paris") == .right && q[0].judge("Lyon") == .wrong)
        #expect(q[1].judge("Roma") == .right, "every accepted answer")
        for (words, rules) in [("", SetJudgeRules(typos: false, accentsLenient: true)),
                               ("typos=1 accents=strict", SetJudgeRules(typos: true, accentsLenient: false))] {
            for (question, row) in zip(try SetFixtures.questions("set=capitals " + words), SetFixtures.capitals.questions) {
                #expect(question.row.key == SetAnswerKey(answers: row.answers, rules: rules))
                for typed in ["Bogota", " PARIS ", "Berln", "1989.0", "Rome"] {
                    let judged: QuizVerdict = SetAnswerJudge.isRight(typed, answers: row.answers, rules: rules) ? .right : .wrong
                    #expect(question.judge(typed) == judged, "\(question.text) \(typed)")
                }
            }
        }
    }

    @Test func theRevealAndTheAnswerFieldAreTheFirstAcceptedAnswer() throws {
        let q = try SetFixtures.questions("set=capitals")
        #expect(q[1].answerText == "Rome" && q[1].answerValue == .string("Rome"))
        #expect(q[1].reveal == "Capital of Italy? Rome")
        #expect(q[1].prompt == "Capital of Italy?")
        #expect(q[7].answerValue == .int(1989), "a number answer is a number, as other kinds'")
        let french = try SetFixtures.questions("set=french")
        #expect(french[0].reveal == "chien = dog")
    }

    @Test func aRowsOwnTimeIsItsLimitUnlessTimeIsGiven() throws {
        let q = try SetFixtures.questions("set=capitals")
        #expect(q[5].ownLimitMs == 7_500 && q[0].ownLimitMs == nil)
        let s = try SetFixtures.settings("set=capitals")
        #expect(s.limitMs(q[5]) == 7_500 && s.limitMs(q[0]) == 20_000)
        let given = try SetFixtures.settings("set=capitals time=20")
        #expect(given.limitMs(q[5]) == 20_000, "time= given is every question's limit")
    }

    @Test(arguments: UInt64(1)...30)
    func drawnOptionsHoldTheAnswerOnceAndNoMoreThanAsked(seed: UInt64) throws {
        for n in 2...6 {
            let questions = try SetFixtures.questions("set=capitals choices=\(n)", seed: seed)
            for q in questions {
                let choices = try #require(q.choices)
                let folded = choices.map { $0.lowercased() }
                #expect(Set(folded).count == choices.count, "no option twice: \(choices)")
                if q.text == "Capital of Japan?" {
                    #expect(Set(choices) == ["Kyoto", "Tokyo", "Osaka"], "the row's own options, all of them")
                    continue
                }
                #expect(choices.count == min(n, 8), "\(q.text): \(choices)")
                #expect(choices.count { $0 == q.answerText } == 1, "\(q.text): \(choices)")
                #expect(q.rightChoices.count { $0 } == 1)
                #expect(!(q.text == "Capital of Italy?" && choices.contains("Roma")), "never another accepted answer")
            }
            #expect(try SetFixtures.questions("set=capitals choices=\(n)", seed: seed).map(\.choices) == questions.map(\.choices))
        }
    }

    @Test func theSeedShufflesTheOptions() throws {
        let firsts = try (UInt64(1)...20).map { try SetFixtures.questions("set=capitals choices=4", seed: $0)[0].choices! }
        #expect(Set(firsts.map { $0.firstIndex(of: "Paris")! }).count > 1, "the answer is not always in one place")
        #expect(Set(firsts.map { Set($0) }).count > 1, "the others are drawn")
    }

    @Test func anOptionIsPickedByLetterNumberOrText() throws {
        let q = try #require(try SetFixtures.questions("set=capitals choices=4", seed: 3).first)
        let choices = try #require(q.choices)
        let right = try #require(choices.firstIndex(of: "Paris"))
        let wrong = (right + 1) % 4
        let letter = ChoiceLetters.letter(right)
        for typed in [letter, letter.lowercased(), letter + ")", " \(letter). ", String(right + 1), "Paris", "paris", " PARIS "] {
            #expect(q.judge(typed) == .right, "\(typed) in \(choices)")
        }
        for typed in [ChoiceLetters.letter(wrong), String(wrong + 1), choices[wrong], "London"] {
            #expect(q.judge(typed) == .wrong, "\(typed) in \(choices)")
        }
        #expect(q.judge("E").hint == "Answer with a letter from A to D, or an option's text.")
        #expect(q.judge("5").hint == "Answer with a letter from A to D, or an option's text.")
        #expect(q.judge("0").hint == "Answer with a letter from A to D, or an option's text.")
    }

    @Test func aNumberThatIsAnOptionsTextIsThatOption() {
        #expect(SetQuizQuestion.pick("3", ["4", "3", "5"]) == .choice(1))
        #expect(SetQuizQuestion.pick("2", ["4", "3", "5"]) == .choice(1), "not an option's text: a position")
        #expect(SetQuizQuestion.pick("9", ["4", "3", "5"]) == .outOfRange)
        #expect(SetQuizQuestion.pick("a", ["B", "A"]) == .choice(1), "an option's text before a position")
        #expect(SetQuizQuestion.pick("Paris!", ["Paris", "Rome"]) == .choice(0), "end punctuation aside, as the judge's")
        #expect(SetQuizQuestion.pick("Paris is", ["Paris", "Rome"]) == .text)
    }

    /// A question with these options, `answer` the right one, as a set's own `choices` give it.
    private func question(_ answer: String, _ choices: [String]) -> SetQuizQuestion {
        let row = SetPrompt(text: "Symbol?", answers: [answer], key: SetAnswerKey(answers: [answer], rules: SetJudgeRules()),
                            exact: SetAnswerKey(answers: [answer], rules: SetPrompt.exactRules), ownChoices: choices, limitMs: nil, pool: 0)
        return SetQuizQuestion(row: row, choices: choices, rightChoices: choices.map { $0 == answer })
    }

    /// The shipped `elements` set with `ask=answer`: the options are symbols, and a child types
    /// the symbol she sees. Her `H` is hydrogen and her `B` boron, not the second option.
    @Test func anOptionsOwnTextWinsOverItsLetter() {
        let symbols = ["H", "B", "C", "Na"]
        #expect(question("H", symbols).pick("H") == .choice(0), "H is an option's text, not past D")
        #expect(question("B", symbols).pick("b") == .choice(1), "b is the option B (case aside), not a position")
        #expect(question("C", symbols).pick("C") == .choice(2), "C is the option C")
        #expect(question("Na", symbols).pick("Na") == .choice(3))
        #expect(question("Na", symbols).pick("na") == .choice(3))
        #expect(question("B", symbols).pick("2") == .choice(1), "a number is a position")
        #expect(question("H", symbols).judge("H") == .right)
        #expect(question("B", ["B", "Ni", "Pb", "Zn"]).judge("B") == .right)
        #expect(question("C", ["Cl", "Be", "C", "Rn"]).judge("C") == .right, "C is carbon, not the third option by chance")
        #expect(question("Cl", ["Cl", "Be", "C", "Rn"]).judge("C") == .wrong, "C is carbon even where carbon is wrong")
        #expect(question("Na", symbols).judge("D") == .right, "a letter that is no option's text is a position")
        #expect(question("Na", symbols).judge("E").hint == "Answer with a letter from A to D, or an option's text.")
        // Two options the same but for case: the exact one.
        #expect(question("b", ["B", "b", "x"]).pick("b") == .choice(1))
        #expect(question("b", ["B", "b", "x"]).pick("B") == .choice(0))
        // Options that are words: a letter is still a position.
        let words = ["Paris", "Rome", "Madrid"]
        #expect(question("Rome", words).pick("b") == .choice(1))
        #expect(question("Rome", words).pick("B)") == .choice(1))
        #expect(question("Rome", words).pick("rome") == .choice(1))
        #expect(question("Rome", words).pick("2") == .choice(1))
        #expect(question("Rome", words).judge("b") == .right)
        // Accents aside, as the judge compares.
        #expect(question("Bogotá", ["Lima", "Bogotá"]).pick("bogota") == .choice(1))
    }

    @Test func multipleChoiceKeepsItsOptionsForTheReport() throws {
        let q = try #require(try SetFixtures.questions("set=capitals choices=3").first)
        let detail = try #require(q.detail)
        #expect(SetQuizQuestion.choices(inDetail: detail) == q.choices)
    }

    @Test func theTextLineShowsTheOptionsUnderTheQuestion() {
        let event = QuestionEvent(id: 1, round: 1, rounds: 8, game: "quiz", questionText: "Capital of France?", prompt: "Capital of France?",
                                  timeMs: 20_000, choices: ["Paris", "Rome", "Madrid", "Berlin"])
        #expect(event.text == "Question 1/8:   Capital of France?   (20 s)\nA) Paris   B) Rome   C) Madrid   D) Berlin")
        #expect(event.json["choices"] == .array(["Paris", "Rome", "Madrid", "Berlin"].map(JSON.string)))
        var typed = event
        typed.choices = nil
        #expect(typed.json["choices"] == nil && !typed.text.contains("\n"))
        let long = String(repeating: "x", count: 40)
        #expect(ChoiceLetters.line([long, long]) == "A) \(long)\nB) \(long)", "too long for a line: one a line")
    }

    @Test func errorsSayWhatToDo() {
        #expect(refusal("") == "Name the question set to play: set=NAME. Sets: capitals, French, pair.")
        #expect(refusal("set=nope") == "There is no set nope. Sets: capitals, French, pair.")
        #expect(refusal("set=broken") == "The set broken was left out: broken.csv:3: the answer is empty. Mend the file and start the server again.")
        for bad in ["1", "7", "-1", "two"] {
            #expect(refusal("set=capitals choices=\(bad)") == "choices= takes 0 (typed answers) or a number from 2 to 6 (options to pick from).")
        }
        #expect(refusal("set=pair choices=2")?.hasPrefix("The set pair is too small for choices=2") == true)
        #expect(refusal("set=capitals order=shuffle") == "order= takes asis or random.")
        #expect(refusal("set=capitals ask=term") == "ask= takes question, answer or both.")
        #expect(refusal("set=capitals typos=2") == "typos= takes a whole number from 0 to 1.")
        let none = RaceContext(random: { 1 }, levelPacks: [])
        do {
            _ = try QuizSettings<SetQuiz>.parse(CommandOptions(["set=capitals"]), context: none)
            Issue.record("no sets, yet created")
        } catch {
            #expect(error.message == "There is no set capitals. This server has no question sets yet: save one on the teacher page, or start it with --sets DIR.")
        }
    }

    @Test func aSmallSetGivesFewerOptions() throws {
        // Three rows: each has two others to draw from, so choices=6 shows three.
        let q = try SetFixtures.questions("set=french choices=6")
        #expect(q.allSatisfy { $0.choices?.count == 3 })
    }
}

extension SetQuizTests {
    /// A quoted CSV field may hold a line break: the text mode keeps each of its lines whole.
    @Test func aLineBreakInTheSetIsASpaceOnATextLine() {
        let set = QuestionSet(name: "poem", questions: [SetQuestion(text: "Roses are red,\nviolets are?", answers: ["blue\nish"])])
        let row = SetPrompt.prepare(set, ask: .question, rules: SetJudgeRules()).0[0]
        let q = SetQuizQuestion(row: row, choices: nil, rightChoices: [])
        #expect(q.text == "Roses are red,\nviolets are?", "json keeps the text as written")
        #expect(q.prompt == "Roses are red, violets are?")
        #expect(q.reveal == "Roses are red, violets are? blue ish")
        #expect(ChoiceLetters.line(["a\nb", "c"]) == "A) a b   B) c")
    }
}

extension SetQuizTests {
    /// Turned round, a question's options are other rows' questions, never its own answer twice.
    @Test func askAnswerDrawsOptionsFromTheOtherQuestions() throws {
        for seed in UInt64(1)...10 {
            for q in try SetFixtures.questions("set=french ask=answer choices=3", seed: seed) {
                let choices = try #require(q.choices)
                #expect(Set(choices) == ["chien", "chat", "élève"], "\(q.text): \(choices)")
                #expect(q.judge(ChoiceLetters.letter(choices.firstIndex(of: q.answerText)!)) == .right)
            }
        }
    }

    /// The report's row a question: wrong answers folded (case, spaces), a letter read as its
    /// option, the three given most, most first (ties in the order first given).
    @Test func theReportCountsTheCommonestWrongAnswers() {
        let detail = #"{"choices":["Paris","Rome","Madrid","Berlin"]}"#
        func row(_ typed: String?, _ correct: Bool, _ ms: Int?) -> QuizAnswerRow {
            QuizAnswerRow(player: "p", question: "Capital of France?", answer: "Paris", detail: detail, typed: typed, correct: correct, ms: ms)
        }
        let rows = [row("a", true, 1_000), row("B", false, 2_000), row("rome", false, 3_000), row(" ROME ", false, 4_000),
                    row("4", false, 5_000), row("c", false, 6_000), row("Berlin", false, 7_000), row("Lyon", false, 8_000), row(nil, false, nil)]
        let table = SetQuiz.reportSections(rows, scope: .classroom)[0]
        #expect(table.name == "quiz_questions")
        #expect(table.columns.map(\.key) == ["game", "question", "answer", "right", "of", "median_ms", "wrong"])
        #expect(table.rows == [[.text("quiz"), .text("Capital of France?"), .text("Paris"), .int(1), .int(9), .ms(4_500),
                                .text("Rome (3); Berlin (2); Madrid (1)")]])
    }
}
