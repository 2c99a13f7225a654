import ChalklineTesting
import Testing
@testable import ChalklineCore

/// Issue 42: the races' questions that are sentences read in the connection's language, with
/// its marks; json's `text` stays English (bots parse it) and `message` says it the local way.
@Suite("Questions in each language")
struct QuestionWordsTests {
    let en = Languages.english, fr = Languages.named("fr")!, de = Languages.named("de")!

    private func money(_ ask: MoneyQuiz.Ask, _ code: String, answer: Int, _ words: MoneyWords) -> MoneyQuestion {
        MoneyQuestion(ask: ask, level: 3, currency: Currency.named(code)!, answer: answer, words: words)
    }

    @Test func moneyInFrenchAndGerman() {
        let usd = money(.tip, "USD", answer: 720, MoneyWords(ask: .tip, amount: 4800, percent: 15, unit: "cent"))
        #expect(usd.text == "Bill $48.00, tip 15%: the tip?")
        #expect(usd.spoken(in: en) == "Bill $48.00, tip 15%: the tip?")
        #expect(usd.spoken(in: fr) == "Addition 48,00 $, pourboire 15 % : combien de pourboire ?")
        #expect(usd.spoken(in: de) == "Rechnung 48,00 $, Trinkgeld 15 %: Wie viel Trinkgeld?")
        #expect(usd.answerSpoken(in: fr) == "7,20 $" && usd.answerSpoken(in: en) == "$7.20")

        let eur = money(.split, "EUR", answer: 41_137, MoneyWords(ask: .split, amount: 123_450, percent: 0, people: 3, rounded: true, unit: "cent"))
        #expect(eur.text == "1.234,50 € shared by 3 with a 0% tip: each pays, to the nearest cent?", "json's text as before")
        #expect(eur.spoken(in: en) == "€1,234.50 shared by 3 with a 0% tip: each pays, to the nearest cent?")
        #expect(eur.spoken(in: fr) == "1\u{00A0}234,50 € à partager entre 3, avec 0 % de pourboire : combien paie chacun, au centime près ?")
        #expect(eur.spoken(in: de) == "1.234,50 € geteilt durch 3, mit 0 % Trinkgeld: Wie viel zahlt jeder, auf den Cent genau?")
        #expect(eur.answerSpoken(in: de) == "411,37 €")

        let chf = money(.discount, "CHF", answer: 900, MoneyWords(ask: .discount, amount: 1000, percent: 10, unit: "centime"))
        #expect(chf.spoken(in: en) == "CHF 10.00, 10% off: the price?")
        #expect(chf.spoken(in: de) == "10,00 CHF mit 10 % Rabatt: Wie viel kostet es jetzt?")
        let yen = money(.percent, "JPY", answer: 10, MoneyWords(ask: .percent, amount: 480_000, part: 48_000, percent: 10, unit: "yen"))
        #expect(yen.spoken(in: fr) == "48\u{00A0}000 ¥, c'est combien de pour cent de 480\u{00A0}000 ¥ ?")
        #expect(yen.answerSpoken(in: fr) == "10 %")
    }

    @Test func paceInFrenchAndGerman() throws {
        // The generator's own questions: English text as before, French and German with the comma.
        var checked = 0
        for q in try quizQuestions(PaceQuiz.self, "ask=distance,speed,time units=mi level=3", seed: 3, count: 40) {
            let french = try #require(q.spoken(in: fr)), german = try #require(q.spoken(in: de))
            #expect(q.spoken(in: en) == q.text)
            #expect(french.hasSuffix(" ?") && german.hasSuffix("?"))
            if q.text.contains("distance in miles") { #expect(french.contains("en miles") && german.contains("in Meilen")) }
            if q.text.contains(".") { #expect(!french.contains(".") && !german.contains("."), "\(french)") }
            if case .number = q.answer { #expect(q.answerSpoken(in: de)?.contains(".") == false) } else { #expect(q.answerSpoken(in: de) == nil) }
            checked += 1
        }
        #expect(checked == 40)
        let words = PaceWords(ask: .time, unit: .km, distance: .init(value: Exact(210_975, over: 10_000)!, unit: .km, race: .half), pace: 270, rounding: .second)
        #expect(words.sentence(in: en, mark: .point) == "Half marathon (21.0975 km) at 4:30 per km: time, to the nearest second?")
        #expect(words.sentence(in: fr, mark: .comma) == "Semi-marathon (21,0975 km) à 4:30 par km : quel temps, à la seconde près ?")
        #expect(words.sentence(in: de, mark: .comma) == "Halbmarathon (21,0975 km) mit 4:30 pro km: Welche Zeit, auf die Sekunde genau?")
    }

    @Test func arithSaysPercentsAndDecimalsTheLocalWay() {
        let pct = ArithQuestion(text: "15% of 80", answer: Exact(12), tags: ["percent"], mark: .point, percentOf: (15, 80))
        #expect(pct.spoken(in: en) == "15% of 80")
        #expect(pct.spoken(in: fr) == "15 % de 80" && pct.spoken(in: de) == "15 % von 80")
        let decimals = ArithQuestion(text: "7.2 / 0.8 + 0.5", answer: Exact(scaled: 95, places: 1), tags: [], mark: .point)
        #expect(decimals.spoken(in: en) == "7.2 / 0.8 + 0.5" && decimals.spoken(in: de) == "7,2 / 0,8 + 0,5")
        #expect(decimals.answerSpoken(in: fr) == "9,5" && decimals.answerSpoken(in: en) == "9.5")
        let whole = ArithQuestion(text: "3 + 4 x 2", answer: Exact(11), tags: [], mark: .point)
        #expect(whole.spoken(in: fr) == nil && whole.answerSpoken(in: fr) == nil, "the same in every language: no message")
    }

    @Test func hintsReadInTheAnswerersLanguage() throws {
        let usd = money(.tip, "USD", answer: 720, MoneyWords(ask: .tip, amount: 4800, percent: 15, unit: "cent"))
        guard case .unreadable(let hint) = usd.judge("sept") else { Issue.record("read"); return }
        #expect(fr(hint) == "Tape une somme, comme 7,20 $." && de(hint) == "Gib einen Betrag ein, zum Beispiel 7,20 $.")
        #expect(en(hint) == "Type an amount, like $7.20.")
        guard case .unreadable(let times) = TimesQuestion(table: 7, multiplier: 8).judge("x") else { Issue.record("read"); return }
        #expect(de(times) == "Antworte mit einer ganzen Zahl, zum Beispiel 42.")
    }

    /// A room's question event: `text` English and unchanged, `message` in each language,
    /// rendered once a language; the text mode's prompt in the language too.
    @Test func theQuestionEventSpeaksOnlyWhereItIsASentence() {
        let usd = money(.tip, "USD", answer: 720, MoneyWords(ask: .tip, amount: 4800, percent: 15, unit: "cent"))
        let event = QuestionEvent(id: 1, round: 1, rounds: 5, game: "money", questionText: usd.text, prompt: usd.prompt, timeMs: 30_000,
                                  spoken: usd.spokenQuestion)
        #expect(event.jsonSpeaks)
        let json = event.json(in: fr)
        #expect(json["text"] == .string("Bill $48.00, tip 15%: the tip?"))
        #expect(json["message"] == .string("Addition 48,00 $, pourboire 15 % : combien de pourboire ?"))
        #expect(event.json(in: en)["message"] == .string("Bill $48.00, tip 15%: the tip?"))
        #expect(event.prompt(in: de) == "Rechnung 48,00 $, Trinkgeld 15 %: Wie viel Trinkgeld?")
        let times = TimesQuestion(table: 7, multiplier: 8)
        let plain = QuestionEvent(id: 1, round: 1, rounds: 5, game: "times", questionText: times.text, prompt: times.prompt, timeMs: 10_000,
                                  spoken: times.spokenQuestion)
        #expect(!plain.jsonSpeaks && plain.json(in: fr)["message"] == nil)
        #expect(plain.prompt(in: fr) == "7 x 8 = ?")
    }
}
