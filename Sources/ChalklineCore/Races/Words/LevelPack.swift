/// A word-puzzle pack: a folder of `levelN.txt` files, played in number order. Teachers name it
/// in `/create words pack=NAME`, so its name is the folder's name.
public struct LevelPack: Equatable, Sendable {
    /// The pack that ships with the server, and the one `/create words` plays without `pack=`.
    public static let builtinName = "builtin"
    /// The packs that ship with the server, in the order `/packs` lists them: English first (the
    /// default of `/create words`), then French and Spanish (`Levels/NAME` in the sources).
    public static let shippedNames = [builtinName, "francais", "espanol"]

    public var name: String
    /// Level 1 first; `levels[n - 1]` is level n.
    public var levels: [WordLevel]
    /// The language of its words and clues (`fr`, `es`), from its `pack.txt` (`PackFile`):
    /// the puzzle is in its pack's language, whatever language the page or connection uses.
    public var language: String

    public init(name: String, levels: [WordLevel], language: String = PackFile.defaultLanguage) {
        self.name = name
        self.levels = levels
        self.language = language
    }
}
