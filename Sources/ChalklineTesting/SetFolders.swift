import ChalklineCore
import Foundation

extension ServerConfig {
    /// This config with the question sets shipped with the server, read from the repository as
    /// the live server reads them beside its binary, so a quiz scenario finds the same sets on
    /// both backends.
    public func withShippedSets() throws -> ServerConfig {
        var config = self
        let folder = BuiltProducts.repository.appendingPathComponent("Sources/chalkline-server/Sets")
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
            guard let name = SetFile.setName(fileName: file) else { continue }
            let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(file)))
            switch SetFile.read(bytes: bytes, name: name, file: file) {
            case .success(let set): config.questionSets.put(.init(set: set, source: .builtin, file: file))
            case .failure(let problem): throw TestFailure("a shipped set does not load: \(problem)")
            }
        }
        return config
    }
}
