import ArgumentParser
import ChalklineServer

/// Lets a teacher check a folder of levels before class, with the same messages the server
/// would refuse to start with.
struct CheckLevels: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-levels",
        abstract: "Check a folder of word-puzzle levels and print every problem.",
        discussion: """
            Each problem is printed as FILE:LINE: REASON. The exit status is 0 when the folder \
            is a good pack and 1 when it has any problem.
            """
    )

    @Argument(help: ArgumentHelp("The folder holding level1.txt, level2.txt, ...", valueName: "dir"))
    var directory: String

    func run() throws {
        switch LevelDirectory.loadPack(at: directory) {
        case .success(let pack):
            print("\(directory): pack \(pack.name), \(pack.levels.count) \(pack.levels.count == 1 ? "level" : "levels"), all good. Language: \(pack.language).")
        case .failure(let problems):
            printError(problems.description)
            throw ExitCode.failure
        }
    }
}
