import ArgumentParser
import ChalklineCore
import ChalklineStore
import Foundation

/// `chalkline-server report ...`: what a teacher reads after class, from the database the server
/// wrote. Safe while the server runs (SQLite's WAL lets readers and the writer work at once).
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Reports on played games, from the results database.",
        discussion: """
            Plain output is aligned tables for reading; --csv writes CSV for spreadsheets (a header \
            row, then one row per record; a report of several parts writes one block per part, \
            separated by an empty line); --json writes one JSON object for scripts.
            """,
        subcommands: [Games.self, Game.self, Player.self, Facts.self, Homework.self, ClassProgress.self]
    )

    /// Declared here too so they may come before the report's name: `report --db x.sqlite games`.
    @OptionGroup var common: Common

    /// Options every report takes.
    struct Common: ParsableArguments {
        @Option(name: .customLong("db"), help: ArgumentHelp(
            "The results database the server wrote: a SQLite file, or postgres://USER@HOST/DB (the password from PGPASSWORD or ~/.pgpass).",
            valueName: "path|uri"))
        var databasePath = ResultsStores.defaultPath

        @Option(name: .customLong("server"), help: ArgumentHelp(
            "Only the games this server played (its --server-name, by default its host name), when many servers share one database.",
            valueName: "name"))
        var server: String?

        @Flag(help: "Write CSV (for spreadsheets).")
        var csv = false

        @Flag(help: "Write JSON (for scripts).")
        var json = false

        @Option(help: ArgumentHelp(
            "The language of the plain report's headings and words: \(Languages.codes.joined(separator: ", ")). By default LC_ALL's, LC_MESSAGES' or LANG's, when it is one of these, else English. CSV and JSON do not change.",
            valueName: "code"))
        var language: String?

        func validate() throws {
            if csv && json { throw ValidationError("Choose one of --csv and --json.") }
            try TerminalLanguage.validate(language)
        }

        var chosenLanguage: Language { TerminalLanguage.chosen(language) }

        /// Opens the database, runs the report and prints it; a missing game or player is a
        /// message on stderr and exit status 1.
        func print(_ query: (any SQLDatabase) throws -> Report) throws {
            do {
                let store = ResultsStores.make(databasePath, server: nil)
                try store.connectExisting()
                let report = try store.report(query)
                let text = csv || json ? report.rendered(csv ? .csv : .json) : report.plainText(in: chosenLanguage)
                // Bytes, not Characters: CSV ends in CRLF, which Swift counts as one Character.
                Swift.print(text, terminator: text.utf8.last == UInt8(ascii: "\n") ? "" : "\n")
            } catch let error as Reports.Failure {
                printError("chalkline-server report: \(chosenLanguage(error.say))")
                throw ExitCode.failure
            } catch let error as StoreError {
                printError("chalkline-server report: \(error)")
                throw ExitCode.failure
            } catch let error as PostgresError {
                printError("chalkline-server report: \(error)")
                throw ExitCode.failure
            } catch {
                printError("chalkline-server report: cannot read \(databasePath): \(error)")
                throw ExitCode.failure
            }
        }
    }

    struct Games: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Recent games, newest first: id, when, room, kind, players, winner.")

        @Option(help: "How many games to list.")
        var limit = 20

        @OptionGroup var common: Common

        func run() throws { try common.print { try Reports.games($0, limit: limit, server: common.server) } }
    }

    struct Game: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "One game: standings with accuracy and median time, each question, every answer.")

        @Argument(help: ArgumentHelp("The game's id from `report games`, or its name from game_end (QXRM-2).", valueName: "id"))
        var id: String

        @OptionGroup var common: Common

        func run() throws { try common.print { try Reports.game($0, id: try Reports.gameID($0, id, server: common.server)) } }
    }

    struct Player: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "One player across games: accuracy, the times-facts grid and weakest facts, the clues solved; with --class, their progress over weeks.")

        @Argument(help: ArgumentHelp("The player's name (case does not matter).", valueName: "name"))
        var name: String

        @Option(name: .customLong("class"), help: ArgumentHelp(
            "The class they are a student of: their progress (times grid, skills, words, weeks) in every game and homework of it.",
            valueName: "name"))
        var className: String?

        @OptionGroup var span: Span

        @OptionGroup var common: Common

        func validate() throws {
            if className == nil && (span.from != nil || span.to != nil) {
                throw ValidationError("--from and --to go with --class.")
            }
        }

        func run() throws {
            guard let className else { return try common.print { try Reports.player($0, name: name, server: common.server) } }
            let (from, to) = try span.instants()
            try common.print {
                try Reports.playerProgress($0, name: name, className: className, server: common.server, from: from, to: to)
            }
        }
    }

    struct ClassProgress: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "class",
            abstract: "A class's progress: each student, the times grid, skills, words found, weeks, who needs help.")

        @Argument(help: ArgumentHelp("The class's name, as /class made it (case does not matter).", valueName: "name"))
        var name: String

        @OptionGroup var span: Span

        @OptionGroup var common: Common

        func run() throws {
            let (from, to) = try span.instants()
            try common.print { try Reports.classProgress($0, className: name, server: common.server, from: from, to: to) }
        }
    }

    /// Days on the server's calendar, both counted: `--from 2026-11-02 --to 2026-11-06` is that
    /// school week, as the teacher's own clock has it.
    struct Span: ParsableArguments {
        @Option(help: ArgumentHelp("The first day counted (YYYY-MM-DD, this machine's time zone).", valueName: "day"))
        var from: String?

        @Option(help: ArgumentHelp("The last day counted (YYYY-MM-DD, this machine's time zone).", valueName: "day"))
        var to: String?

        func validate() throws { _ = try instants() }

        func instants() throws -> (Date?, Date?) {
            guard let span = LocalDays().span(from: from, to: to) else {
                throw ValidationError("Dates are written YYYY-MM-DD, such as 2026-11-02.")
            }
            return span
        }
    }

    struct Homework: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "assignment",
            abstract: "One homework (/assign): who has finished, started or not started, each student's try that counts, the hardest questions.")

        @Argument(help: ArgumentHelp("The homework's code, as /assign gave it (the latest with that code).", valueName: "code"))
        var code: String

        @OptionGroup var common: Common

        func run() throws { try common.print { try Reports.assignment($0, code: code, server: common.server) } }
    }

    struct Facts: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The class's hardest times facts and word-puzzle clues, by miss rate, with counts.")

        @Flag(name: .customLong("no-bots"), help: "Leave out players who joined as bots (chalkline bot, or /join CODE NAME bot).")
        var noBots = false

        @OptionGroup var common: Common

        func run() throws { try common.print { try Reports.facts($0, server: common.server, noBots: noBots) } }
    }
}
