import ArgumentParser
import ChalklineCore
import ChalklineServer

/// Lets a teacher check a folder of question sets before class, with the same messages the
/// server logs when it leaves a file out, in the teacher's language.
struct CheckSets: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-sets",
        abstract: "Check a folder of question sets and print every problem.",
        discussion: """
            Each bad file is printed as FILE:LINE: REASON (on standard error), each good set as \
            a line with its name and how many questions it has. The exit status is 0 when every \
            file is good and 1 when any has a problem.
            """
    )

    @Argument(help: ArgumentHelp("The folder holding NAME.csv, NAME.tsv or NAME.txt files", valueName: "dir"))
    var directory: String

    @Option(help: ArgumentHelp(
        "The language of the reasons and lines printed: \(Languages.codes.joined(separator: ", ")). By default LC_ALL's, LC_MESSAGES' or LANG's, when it is one of these, else English.",
        valueName: "code"))
    var language: String?

    func validate() throws {
        try TerminalLanguage.validate(language)
    }

    func run() throws {
        let l = TerminalLanguage.chosen(language)
        var bad = false
        var good = 0
        for loaded in SetDirectory.check(folder: directory) {
            switch loaded {
            case .set(let set, let file):
                good += 1
                print(l(Say("text.check_sets.good", count: set.questions.count, ["file": .text(file), "name": .text(set.name)])))
            case .leftOut(let problem, _):
                bad = true
                printError(problem.description(in: l))
            }
        }
        if bad { throw ExitCode.failure }
        if good == 0 {
            printError(l(Say("text.check_sets.none", ["folder": .text(directory)])))
            throw ExitCode.failure
        }
    }
}
