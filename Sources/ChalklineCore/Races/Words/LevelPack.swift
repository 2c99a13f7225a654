/// A word-puzzle pack: a folder of `levelN.txt` files, played in number order. Teachers name it
/// in `/create words pack=NAME`, so its name is the folder's name.
public struct LevelPack: Equatable, Sendable {
    /// The pack that ships with the server, and the one `/create words` plays without `pack=`.
    public static let builtinName = "builtin"

    public var name: String
    /// Level 1 first; `levels[n - 1]` is level n.
    public var levels: [WordLevel]

    public init(name: String, levels: [WordLevel]) {
        self.name = name
        self.levels = levels
    }
}
