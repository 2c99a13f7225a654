import ArgumentParser
import ChalklineServer

/// Lets a teacher check a folder of question sets before class, with the same messages the
/// server logs when it leaves a file out.
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

    func run() throws {
        var bad = false
        var good = 0
        for loaded in SetDirectory.check(folder: directory) {
            switch loaded {
            case .set(let set, let file):
                good += 1
                print("\(file): set \(set.name), \(set.questions.count) \(set.questions.count == 1 ? "question" : "questions")")
            case .leftOut(let problem, _):
                bad = true
                printError(problem.description)
            }
        }
        if bad { throw ExitCode.failure }
        if good == 0 {
            printError("\(directory): no set files (NAME.csv, NAME.tsv or NAME.txt)")
            throw ExitCode.failure
        }
    }
}
