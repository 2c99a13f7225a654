import ChalklineCore
import Foundation

extension ServerConfig {
    /// This config with the built-in word pack read from the repository, as the live server
    /// loads it, so a words scenario finds the same levels on both backends.
    public func withBuiltinPack() throws -> ServerConfig {
        let folder = BuiltProducts.repository.appendingPathComponent("Sources/chalkline-server/Levels/builtin")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let files = try names.map { LevelSource(path: folder.appendingPathComponent($0).path,
                                                text: try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) }
        switch LevelPack.assemble(name: "builtin", folder: folder.path, files: files) {
        case .success(let pack):
            var config = self
            config.levelPacks = [pack]
            return config
        case .failure(let problems):
            throw TestFailure("the built-in pack: \(problems)")
        }
    }
}
