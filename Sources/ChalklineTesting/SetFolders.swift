import ChalklineCore
import ChalklineProtocol
import Foundation

extension ServerConfig {
    /// This config with the sets shipped with the server, read from the repository as the live
    /// server reads them, so a quiz scenario finds `capitals` and `elements` on both backends.
    public func withShippedSets() throws -> ServerConfig {
        try withSets(from: [BuiltProducts.repository.appendingPathComponent("Sources/chalkline-server/Sets").path], source: .builtin)
    }

    /// This config with every set file of each folder (named by the file, as `--sets` names
    /// them), for the in-process backend, which reads no files; `LiveArguments` passes the
    /// same folders to the live server as `--sets DIR`. A bad file fails the scenario here:
    /// a fixture is meant to load.
    public func withSets(from folders: [String], source: SetLibrary.Source = .folder) throws -> ServerConfig {
        var config = self
        for folder in folders {
            for entry in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() {
                guard let name = SetFile.setName(fileName: entry) else { continue }
                let file = folder + "/" + entry
                let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
                switch SetFile.read(bytes: bytes, name: name, file: file) {
                case .success(let set): config.questionSets.put(SetLibrary.Entry(set: set, source: source, file: file))
                case .failure(let problem): throw TestFailure("the set in \(problem)")
                }
            }
        }
        return config
    }
}
