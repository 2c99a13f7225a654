/// Why `/create words` options were refused: a pack the server does not have is its own error
/// code (`no_pack`), so a bot can tell a typo in a pack name from a malformed option.
public enum WordsSettingsError: Error, Equatable, Sendable {
    case option(OptionError)
    case noPack(name: String, available: [String])
}

/// `/create words` options, checked once (against the packs this server has) so the race
/// itself never meets a bad value.
public struct WordsSettings: Equatable, Sendable {
    public var pack: LevelPack
    /// The pack's level number the game starts at (1-based, as teachers count).
    public var firstLevel: Int
    /// How many levels one game plays.
    public var levels: Int
    public var timing: RaceTiming

    public static func parse(_ options: CommandOptions, packs: [LevelPack],
                             random: () -> UInt64) throws(WordsSettingsError) -> WordsSettings {
        do {
            var r = try OptionReader(options)
            let pack = try choosePack(r.take("pack"), from: packs)
            let first = try r.int("level", default: 1, in: 1...pack.levels.count)
            let remaining = pack.levels.count - first + 1
            let levels = try r.int("levels", default: remaining, in: 1...remaining)
            let timing = try RaceTiming.read(&r, defaultTime: 180, timeRange: 10...3600, random: random)
            try r.finish()
            return WordsSettings(pack: pack, firstLevel: first, levels: levels, timing: timing)
        } catch let error as WordsSettingsError {
            throw error
        } catch let error as OptionError {
            throw .option(error)
        } catch {
            throw .option(OptionError(message: "\(error)"))
        }
    }

    /// Without `pack=`, the built-in pack; a server started without it plays its first pack.
    private static func choosePack(_ name: String?, from packs: [LevelPack]) throws(WordsSettingsError) -> LevelPack {
        let playable = packs.filter { !$0.levels.isEmpty }
        let wanted = name ?? LevelPack.builtinName
        if let pack = playable.first(where: { $0.name.lowercased() == wanted.lowercased() }) { return pack }
        if name == nil, let first = playable.first { return first }
        throw .noPack(name: wanted, available: playable.map(\.name))
    }

    /// The pack's level number of round `index` (0-based) of a game.
    func levelNumber(round index: Int) -> Int { firstLevel + index }

    var json: JSON {
        .object([("pack", .string(pack.name)), ("level", .int(firstLevel)), ("levels", .int(levels))] + timing.json)
    }
}
