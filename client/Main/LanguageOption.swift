import ArgumentParser
import ChalklineClient
import ChalklineProtocol
import Foundation

/// `--language`, declared once for every command that shows a screen.
struct LanguageOption: ParsableArguments {
    @Option(help: ArgumentHelp("The language of the screens and of the server's messages: en, fr, es, de or pt; default the terminal's (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), else English.", valueName: "code"))
    var language: String?

    func validate() throws {
        if let language, ClientLanguage.pick(option: language, environment: [:]) == nil {
            let env = ClientLanguage.pick(option: nil, environment: ProcessInfo.processInfo.environment) ?? Languages.english
            throw ValidationError(ClientLanguage.refusal(language, in: env))
        }
    }

    var chosen: Language {
        ClientLanguage.pick(option: language, environment: ProcessInfo.processInfo.environment) ?? Languages.english
    }
}
