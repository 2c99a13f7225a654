import Testing
@testable import ChalklineCore

/// A kind's report tables read in the report reader's language: titles and headings translate,
/// the table's and columns' keys (csv and json) never do.
@Suite("Kind reports in the reader's language")
struct KindReportTextTests {
    let answers = [
        QuizAnswerRow(player: "zoé", question: "7 x 8", answer: "56", detail: "7,8", typed: "54", correct: false, ms: 3_000),
        QuizAnswerRow(player: "zoé", question: "7 x 9", answer: "63", detail: "7,9", typed: "63", correct: true, ms: 2_000),
    ]

    @Test func timesTablesInGermanAndFrench() {
        let tables = TimesReport.sections(answers, scope: .player)
        let german = tables.map { $0.translated(Languages.named("de")!) }
        #expect(german[0].title == "Treffer bei jeder Aufgabe (Zeile x Spalte, % richtig; . = nicht gesehen)")
        #expect(german[0].columns.map(\.heading) == ["A", "B", "Aufgabe", "Gesehen", "Falsch", "Trefferquote"])
        #expect(german[0].columns.map(\.key) == tables[0].columns.map(\.key))
        #expect(german[1].name == "weakest" && german[1].title == "Die fünf schwächsten Aufgaben")
        #expect(german[0].plain == tables[0].plain)
        // English as it always was.
        #expect(tables[1].title == "Five weakest facts" && tables[1].columns.map(\.heading) == ["Fact", "Seen", "Missed", "Accuracy"])
        let french = TimesReport.sections(answers, scope: .classroom)[0].translated(Languages.named("fr")!)
        #expect(french.title == "Tables de multiplication, les plus difficiles d'abord")
        #expect(french.columns.last?.heading == "% ratés")
    }

    @Test func tagTablesNameTheirTagInTheTitle() {
        let rows = [QuizAnswerRow(player: "zoé", question: "3 + 4", answer: "7", detail: "add", typed: "8", correct: false, ms: 900)]
        let tables = QuizReport.byTag(rows, scope: .classroom, kind: "arith")
        #expect(tables[0].title == "arith: by skill (the class)")
        #expect(tables.map { $0.translated(Languages.named("fr")!).title }
                == ["arith : par compétence (la classe)", "arith : les cinq plus faibles (compétence)", "arith : questions les plus ratées"])
        #expect(QuizReport.byTag(rows, scope: .player, kind: "money", tagHeading: "Question")[0].translated(Languages.named("de")!).title
                == "money: nach Frage")
    }
}
