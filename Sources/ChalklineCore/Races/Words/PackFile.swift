/// A pack's own settings, in `pack.txt` beside its levels: for now the language its words and
/// clues are written in, so `/packs` can say it and a page can read the clues in the right voice.
///
/// ```
/// # lines starting with # are comments
/// language: fr
/// ```
///
/// Pure, like `LevelFile`: the shell reads the file, this decides what it means.
public enum PackFile {
    /// The file's name in a pack folder (any letter case).
    public static let fileName = "pack.txt"
    /// A pack without `pack.txt` (or without a `language:` line), as the built-in pack was
    /// before packs had languages: the level format began as English.
    public static let defaultLanguage = "en"

    public static func isPackFile(_ name: String) -> Bool { name.lowercased() == fileName }

    /// The language `text` declares, or every problem found in it, each with its line.
    public static func parse(fileName: String, text: String) -> Result<String, LevelProblems> {
        var problems: [LevelProblem] = []
        var language: (code: String, line: Int)?
        for (offset, line) in LevelFile.lines(of: text).enumerated() {
            let number = offset + 1
            let trimmed = line.trimmingBlanks()
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard let colon = trimmed.firstIndex(of: ":") else {
                problems.append(LevelProblem(file: fileName, line: number, reason: "write a setting as key: value, like language: fr"))
                continue
            }
            let key = String(trimmed[..<colon]).trimmingBlanks().lowercased()
            let value = String(trimmed[trimmed.index(after: colon)...]).trimmingBlanks()
            guard key == "language" else {
                problems.append(LevelProblem(file: fileName, line: number, reason: "unknown setting \"\(key)\"; pack.txt knows only language"))
                continue
            }
            if let earlier = language {
                problems.append(LevelProblem(file: fileName, line: number, reason: "language is already set on line \(earlier.line)"))
            } else if let code = languageCode(value) {
                language = (code, number)
            } else {
                problems.append(LevelProblem(file: fileName, line: number,
                                             reason: "\"\(value)\" is not a language code; write two or three letters, like fr, es or pt-BR"))
            }
        }
        return problems.isEmpty ? .success(language?.code ?? defaultLanguage) : .failure(LevelProblems(problems))
    }

    /// A BCP 47 tag as pages and browsers write it (`fr`, `es`, `pt-BR`), its language in lower
    /// case; nil for anything else. Only its shape is checked: a pack in a language the server
    /// has no catalog for is still a good pack.
    static func languageCode(_ text: String) -> String? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }),
              parts.dropFirst().allSatisfy({ (2...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        else { return nil }
        return ([first.lowercased()] + parts.dropFirst().map(String.init)).joined(separator: "-")
    }
}
