/// One level file's contents as the shell read them.
public struct LevelSource: Sendable {
    /// As the teacher should see it in a message (a path, usually); its last component is the
    /// file name that gives the level number.
    public var path: String
    public var text: String
    /// Why the file could not be read as text: it still counts as its level (so a broken
    /// level2.txt is not also reported as a gap), and the reason is reported at its path.
    public var unreadable: String?

    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }

    public init(path: String, unreadable reason: String) {
        self.path = path
        text = ""
        unreadable = reason
    }

    public var fileName: String { String(path.split(separator: "/").last ?? Substring(path)) }
}

/// Turning a folder's files into a pack, without touching the file system: the shell lists and
/// reads the folder, these rules decide what it means.
extension LevelPack {
    /// `level12.txt` → 12 (any letter case); nil for every other name, which a pack ignores
    /// (but `pack.txt`, `PackFile`) so a README or notes file can sit beside the levels.
    public static func levelNumber(fileName: String) -> Int? {
        let lower = fileName.lowercased()
        guard lower.hasPrefix("level"), lower.hasSuffix(".txt") else { return nil }
        let digits = lower.dropFirst(5).dropLast(4)
        guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    /// Every level or none: a pack with any problem is refused whole, so a class never meets
    /// a half-loaded pack. `folder` names the pack in pack-wide problems. A `pack.txt` among
    /// `files` sets the pack's language.
    public static func assemble(name: String, folder: String, files: [LevelSource]) -> Result<LevelPack, LevelProblems> {
        var problems: [LevelProblem] = []
        if name.isEmpty || name.contains(where: { $0.isBlank || $0 == "=" }) {
            problems.append(LevelProblem(file: folder, reason: "the pack name \"\(name)\" cannot be typed in /create words pack=NAME; rename the folder without spaces or ="))
        }
        let numbered = files.compactMap { source in levelNumber(fileName: source.fileName).map { (number: $0, source: source) } }
            .sorted { ($0.number, $0.source.fileName) < ($1.number, $1.source.fileName) }
        guard !numbered.isEmpty else {
            problems.append(LevelProblem(file: folder, reason: "no level files; name them level1.txt, level2.txt, ..."))
            return .failure(LevelProblems(problems))
        }
        var language = PackFile.defaultLanguage
        for source in files where PackFile.isPackFile(source.fileName) {
            if let reason = source.unreadable {
                problems.append(LevelProblem(file: source.path, reason: reason))
                continue
            }
            switch PackFile.parse(fileName: source.path, text: source.text) {
            case .success(let code): language = code
            case .failure(let found): problems += found.all
            }
        }
        var levels: [WordLevel] = []
        var expected = 1
        for (number, source) in numbered {
            if number == 0 {
                problems.append(LevelProblem(file: source.path, reason: "levels start at level1.txt"))
                continue
            }
            if number < expected {
                problems.append(LevelProblem(file: source.path, reason: "level \(number) twice (another file has the same number)"))
                continue
            }
            if number > expected {
                let missing = expected == number - 1 ? "level\(expected).txt is" : "level\(expected).txt to level\(number - 1).txt are"
                problems.append(LevelProblem(file: folder, reason: "\(missing) missing: levels are numbered 1, 2, 3, ... without gaps"))
            }
            expected = number + 1
            if let reason = source.unreadable {
                problems.append(LevelProblem(file: source.path, reason: reason))
                continue
            }
            switch LevelFile.parse(fileName: source.path, text: source.text) {
            case .success(let level): levels.append(level)
            case .failure(let found): problems += found.all
            }
        }
        return problems.isEmpty ? .success(LevelPack(name: name, levels: levels, language: language)) : .failure(LevelProblems(problems))
    }
}
