import ChalklineCore
import ChalklineStore
import Foundation
import Testing

/// A report's plain text in the reader's language (issue 42): titles, headings, words, yes and
/// no, percents and seconds the language's way; JSON and CSV, which scripts read, unchanged.
@Suite("Reports in French and German")
struct ReportLanguageTests {
    static let report = Report(kind: "game", tables: [
        ReportTable(name: "game", title: Say("report.title.game"),
                    columns: [.init("id", Say("report.column.id")), .init("state", Say("report.column.state")),
                              .init("players", Say("report.column.players"))],
                    rows: [[.int(12345), .word("finished"), .int(23456)]], single: true),
        ReportTable(name: "standings", title: Say("report.title.final_standings"),
                    columns: [.init("rank", Say("report.column.rank")), .init("name", Say("report.column.name")),
                              .init("correct", Say("report.column.right")), .init("accuracy", Say("report.column.accuracy")),
                              .init("median_ms", Say("report.column.median_time")), .init("first", "Fixed")],
                    rows: [[.int(1), .text("Zoé"), .bool(true), .fraction(0.75), .ms(1500), .null]]),
        ReportTable(name: "students", title: Say("report.title.students"), columns: [.init("name", Say("report.column.name"))], rows: []),
    ])

    @Test func englishIsAsBefore() {
        #expect(Self.report.plainText == """
            ID:      12345
            State:   finished
            Players: 23,456

            Final standings
              #  Name  Right  Accuracy  Median time  Fixed
              1  Zoé   yes         75%        1.5 s      -

            Students
              (none)

            """)
    }

    @Test func frenchAndGerman() {
        #expect(Self.report.plainText(in: Languages.named("fr")!) == """
            ID :      12345
            État :    finie
            Joueurs : 23\u{00A0}456

            Classement final
              #  Nom  Justes  Réussite  Temps médian  Fixed
              1  Zoé  oui         75 %         1,5 s      -

            Élèves
              (aucun)

            """)
        let german = Self.report.plainText(in: Languages.named("de")!)
        #expect(german.hasPrefix("ID:      12345\nStand:   beendet\nSpieler: 23.456\n\nEndstand\n"), "\(german)")
        #expect(german.contains("Endstand\n  #  Name  Richtig  Trefferquote  Mittlere Zeit  Fixed\n  1  Zoé   ja               75 %          1,5 s      -\n"), "\(german)")
        #expect(german.hasSuffix("Schüler\n  (keine)\n"))
    }

    @Test func csvAndJSONDoNotChange() {
        #expect(Self.report.csv.hasPrefix("id,state,players\r\n12345,finished,23456\r\n"))
        #expect(String(decoding: Self.report.json.encoded(), as: UTF8.self).contains(#""state":"finished""#))
    }

    @Test func aMissingThingIsSaidInTheLanguage() {
        let failure = Reports.Failure.noSuchClass("5C")
        #expect(failure.description == "There is no class 5C in the database (/class list names them).")
        #expect(Languages.named("de")!(failure.say) == "Es gibt keine Klasse 5C in der Datenbank (/class list nennt sie).")
    }
}
