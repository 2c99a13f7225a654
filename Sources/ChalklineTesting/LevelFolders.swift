import ChalklineCore
import Foundation

extension ServerConfig {
    /// This config with the built-in word pack read from the repository, as the live server
    /// loads it, so a words scenario finds the same levels on both backends.
    public func withBuiltinPack() throws -> ServerConfig {
        try withPacks(from: [BuiltProducts.repository.appendingPathComponent("Sources/chalkline-server/Levels/builtin").path])
    }

    /// This config with every pack the server ships (English, French, Spanish), as the live
    /// server always has them.
    public func withShippedPacks() throws -> ServerConfig {
        try withPacks(from: LevelPack.shippedNames.map {
            BuiltProducts.repository.appendingPathComponent("Sources/chalkline-server/Levels/\($0)").path
        })
    }

    /// This config with a pack from each folder (named by the folder, as `--levels` names it),
    /// read the way the server reads them: for the in-process backend, which reads no files.
    public func withPacks(from folders: [String]) throws -> ServerConfig {
        var config = self
        for path in folders {
            let folder = URL(fileURLWithPath: path)
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            let files = try names.map { LevelSource(path: folder.appendingPathComponent($0).path,
                                                    text: try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) }
            switch LevelPack.assemble(name: folder.lastPathComponent, folder: folder.path, files: files) {
            case .success(let pack): config.levelPacks.append(pack)
            case .failure(let problems): throw TestFailure("the pack in \(path): \(problems)")
            }
        }
        return config
    }
}
