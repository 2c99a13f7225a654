import ChalklineProtocol

/// Which language the client speaks: `--language`, else the terminal's own setting, the way
/// gettext reads it (`LANGUAGE`'s list, then `LC_ALL`, `LC_MESSAGES`, `LANG`), else English.
package enum ClientLanguage {
    /// The language `option` names (nil for an unknown code, which the caller refuses), or the
    /// environment's first language that is one of ours.
    package static func pick(option: String?, environment: [String: String]) -> Language? {
        if let option { return Languages.named(option).flatMap { $0.code == base(option) ? $0 : nil } }
        var wanted = (environment["LANGUAGE"] ?? "").split(separator: ":").map(String.init)
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[name], !value.isEmpty {
                wanted.append(value)
                break
            }
        }
        // `C` and `POSIX` mean "no language": English.
        for value in wanted where !["C", "POSIX"].contains(value.split(separator: ".").first.map(String.init) ?? "") {
            if let found = Languages.named(value) { return found }
        }
        return Languages.english
    }

    /// `fr_FR.UTF-8` → `fr`.
    private static func base(_ value: String) -> String {
        String(value.lowercased().prefix { $0.isLetter })
    }

    /// What an unknown `--language` is told, in the environment's language.
    package static func refusal(_ code: String, in language: Language) -> String {
        language.text("client.language.unknown", ["code": .text(code), "list": .text(Languages.all.map { "\($0.code) (\($0.name))" }.joined(separator: ", "))])
    }
}
