/// A word-puzzle pack: levels played in number order. (Filled in by the word-puzzle work.)
public struct LevelPack: Sendable {
    public var name: String
    public init(name: String) { self.name = name }
}
