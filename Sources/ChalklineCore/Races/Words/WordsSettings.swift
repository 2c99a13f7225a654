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
    /// The pack's level the host chose to start at (`level=`, 1-based as teachers count); nil
    /// when the game's seed picks the start, so games differ and nobody can learn the order.
    public var chosenLevel: Int?
    /// How many levels one game plays; past the pack's last level the game goes on from its first.
    public var levels: Int
    public var timing: RaceTiming

    static let packOption = GameOption<String>.text("pack", takes: "a pack name (/packs lists them)", default: LevelPack.builtinName,
                                                help: "which level pack (names ignore case)", parse: { $0 }, echo: { $0 })
        .people("Word pack", hint: "Which set of puzzles to play")
    static let levelOption = GameOption<Int?>.int("level", nil, defaultNote: "drawn by the seed", help: "the first level to play",
                                              valuesNote: "1 – the pack's last level")
        .people("First level", hint: "The level to start at; leave empty for a different start each game")
    static let levelsOption = GameOption<Int?>.int(
        "levels", nil, usual: Limits.drawnWordLevels,
        defaultNote: "\(Limits.drawnWordLevels) (or the whole pack, if smaller); with level, all that remain",
        help: "how many levels a game plays", valuesNote: "1 – the levels left from level; without level, 1 – the pack's size")
        .people("Levels", hint: "How many levels one game plays")
    static let timingOptions = RaceTiming.Options(defaultTime: 180, timeRange: 10...3600, round: "level")
    /// Every option, in the order `settings` echoes them.
    public static let options = [packOption.spec, levelOption.spec, levelsOption.spec] + timingOptions.specs

    public static func parse(_ options: CommandOptions, packs: [LevelPack],
                             random: () -> UInt64) throws(WordsSettingsError) -> WordsSettings {
        // The pack is known between two option reads: its own error code, not `bad_args`.
        var r: OptionReader
        let name: String
        do throws(OptionError) {
            r = try OptionReader(options)
            name = try r.read(packOption)
        } catch { throw .option(error) }
        let pack = try choosePack(r.given(packOption.name) ? name : nil, from: packs)
        do throws(OptionError) {
            let count = pack.levels.count
            let first = try r.read(levelOption.within(1...count))
            // From a chosen level, the rest of the pack as before; from a drawn one, a short game.
            let most = first.map { count - $0 + 1 } ?? count
            let levels = try r.read(levelsOption.within(1...most)) ?? (first == nil ? min(Limits.drawnWordLevels, count) : most)
            let timing = try RaceTiming.read(&r, timingOptions, random: random)
            try r.finish()
            return WordsSettings(pack: pack, chosenLevel: first, levels: levels, timing: timing)
        } catch { throw .option(error) }
    }

    /// Without `pack=`, the built-in pack; a server started without it plays its first pack.
    private static func choosePack(_ name: String?, from packs: [LevelPack]) throws(WordsSettingsError) -> LevelPack {
        let playable = packs.filter { !$0.levels.isEmpty }
        let wanted = name ?? LevelPack.builtinName
        if let pack = playable.first(where: { $0.name.lowercased() == wanted.lowercased() }) { return pack }
        if name == nil, let first = playable.first { return first }
        throw .noPack(name: wanted, available: playable.map(\.name))
    }

    /// The level the game starts at: the chosen one, or one drawn from the seed.
    public var firstLevel: Int { chosenLevel ?? Int(timing.seed % UInt64(pack.levels.count)) + 1 }

    /// The pack's level number of round `index` (0-based) of a game.
    func levelNumber(round index: Int) -> Int { (firstLevel - 1 + index) % pack.levels.count + 1 }

    var json: JSON {
        .object([Self.packOption.field(pack.name), Self.levelOption.field(firstLevel), Self.levelsOption.field(levels)]
                + timing.json(Self.timingOptions))
    }
}
