import ChalklineCore
import Foundation

/// Reads word-puzzle packs from disk at startup (and for `check-levels`). The rules of what a
/// folder means live in the core (`LevelPack.assemble`, `LevelFile.parse`); this file only
/// lists folders and reads files, so it is the one place that touches the file system for levels.
///
/// Called before the loop starts (or by `check-levels`), never from a libuv callback: reading
/// is blocking, which is fine only there.
public enum LevelDirectory {
    /// One pack: the folder's `levelN.txt` files, named after the folder. All or nothing: any
    /// problem (an unreadable file, a bad line, a gap in the numbers) fails the whole pack,
    /// with every problem found, each naming its file and line.
    public static func loadPack(at path: String) -> Result<LevelPack, LevelProblems> {
        let folder = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        let name = URL(fileURLWithPath: folder).lastPathComponent
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            return .failure(LevelProblems([LevelProblem(file: folder, reason: "cannot read this folder (\(reason(folder, error)))")]))
        }
        let sources = entries.sorted().filter { LevelPack.levelNumber(fileName: $0) != nil || PackFile.isPackFile($0) }.map { entry in
            let file = folder + "/" + entry
            guard let data = FileManager.default.contents(atPath: file) else {
                return LevelSource(path: file, unreadable: "cannot read this file")
            }
            guard let text = String(data: data, encoding: .utf8) else {
                return LevelSource(path: file, unreadable: "not UTF-8 text; save it as plain UTF-8 text")
            }
            return LevelSource(path: file, text: text)
        }
        return LevelPack.assemble(name: name, folder: folder, files: sources)
    }

    /// The shipped packs first, then each `--levels` folder in the order given. Fails with every
    /// problem of every pack (so the server refuses to start and says all that is wrong), also
    /// when a shipped pack cannot be found or two packs share a name.
    public static func loadPacks(extra paths: [String]) -> Result<[LevelPack], LevelProblems> {
        var problems: [LevelProblem] = []
        var packs: [LevelPack] = []
        var folders: [String] = []
        for name in LevelPack.shippedNames {
            if let path = shippedPackPath(name) {
                folders.append(path)
            } else {
                problems.append(LevelProblem(file: "Levels/\(name)", reason: "the shipped word pack \(name) is missing from this installation"))
            }
        }
        folders += paths
        for folder in folders {
            switch loadPack(at: folder) {
            case .success(let pack):
                if packs.contains(where: { $0.name.lowercased() == pack.name.lowercased() }) {
                    problems.append(LevelProblem(file: folder, reason: "another pack is already called \(pack.name); rename one folder"))
                } else {
                    packs.append(pack)
                }
            case .failure(let found):
                problems += found.all
            }
        }
        return problems.isEmpty ? .success(packs) : .failure(LevelProblems(problems))
    }

    /// Where the built-in pack's folder is, or nil (`BuiltinResource` says where it looks).
    public static func builtinPackPath() -> String? {
        shippedPackPath(LevelPack.builtinName)
    }

    /// Where the shipped pack `name` is, or nil.
    public static func shippedPackPath(_ name: String) -> String? {
        BuiltinResource.path("Levels/\(name)", installed: "levels/\(name)")
    }

    private static func reason(_ path: String, _ error: Error) -> String {
        var directory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &directory) { return "no such folder" }
        if !directory.boolValue { return "not a folder" }
        return error.localizedDescription
    }
}
