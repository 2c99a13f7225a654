import ArgumentParser
import ChalklineCore
import Foundation

/// The language a subcommand that prints for a teacher at a terminal speaks (`report`,
/// `check-sets`): its `--language`, else the terminal's own. One place, so every subcommand
/// reads the environment the same way.
enum TerminalLanguage {
    /// `--language CODE` refused when Chalkline has no such language, with the list.
    static func validate(_ code: String?) throws {
        if let code, Languages.named(code)?.code != code.lowercased() {
            throw ValidationError("--language: there is no language \(code). Languages: \(Languages.all.map { "\($0.code) (\($0.name))" }.joined(separator: ", ")).")
        }
    }

    /// `--language`, else the environment's language when Chalkline has it (`fr_FR.UTF-8`
    /// is French), else English: a teacher whose terminal speaks French reads French.
    static func chosen(_ code: String?) -> Language {
        if let code, let chosen = Languages.named(code) { return chosen }
        return environment(ProcessInfo.processInfo.environment)
    }

    /// The first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set and not empty decides, as
    /// gettext reads them; `C`, `POSIX` or a language Chalkline lacks is English.
    static func environment(_ environment: [String: String]) -> Language {
        let set = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        let code = set.map { String($0.prefix { $0 != "." && $0 != "@" }) } ?? ""
        return Languages.named(code) ?? Languages.english
    }
}
