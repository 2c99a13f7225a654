import ChalklineCore
import ChalklineProtocol
import Foundation

/// Reads question sets from disk at startup (and for `check-sets`): the sets shipped with the
/// server, then each `--sets` folder. Unlike word packs, a bad file never stops the server: a
/// class waiting for one quiz must not lose every other game to a typo in another file. It is
/// left out, kept in the library's problems (so `/create quiz set=NAME` and `/sets` name the
/// file, its line and what is wrong) and returned to be logged.
///
/// Called before the loop starts (or by `check-sets`), never from a libuv callback: reading is
/// blocking, which is fine only there.
public enum SetDirectory {
    /// What one file in a folder gave.
    public enum Loaded: Sendable, Equatable {
        case set(QuestionSet, file: String)
        /// `name` is the set the file would have been, nil when the folder itself is unreadable.
        case leftOut(SetProblem, name: String?)
    }

    /// Every set file in `path` (by file name; files with other extensions are not sets and
    /// are passed over), each read on its own.
    public static func load(folder path: String) -> [Loaded] {
        let folder = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            let reason = BuiltinResource.isDirectory(folder) ? "error.setfile.folder_unreadable"
                : FileManager.default.fileExists(atPath: folder) ? "error.setfile.not_a_folder" : "error.setfile.no_folder"
            return [.leftOut(SetProblem(file: folder, Say(reason)), name: nil)]
        }
        return entries.sorted().compactMap { entry -> Loaded? in
            guard let name = SetFile.setName(fileName: entry) else { return nil }
            let file = folder + "/" + entry
            guard !BuiltinResource.isDirectory(file) else { return nil }
            guard let data = FileManager.default.contents(atPath: file) else {
                return .leftOut(SetProblem(file: file, Say("error.setfile.unreadable_file")), name: name)
            }
            switch SetFile.read(bytes: [UInt8](data), name: name, file: file) {
            case .success(let set): return .set(set, file: file)
            case .failure(let problem): return .leftOut(problem, name: name)
            }
        }
    }

    /// The library the server starts with: the shipped sets (unless `shipped` is false), then
    /// each folder in the order given; and what each file gave, in that order, a set refused by the library's own rules
    /// as `leftOut` too: a name given twice keeps the first set; past `SetLimits.sets` the rest
    /// are left out.
    public static func library(folders: [String], shipped: Bool = true) -> (library: SetLibrary, loaded: [Loaded]) {
        var library = SetLibrary()
        var loaded: [Loaded] = []
        var sources: [(folder: String, source: SetLibrary.Source)] = folders.map { ($0, .folder) }
        if shipped, let builtin = builtinSetsPath() {
            sources.insert((builtin, .builtin), at: 0)
        } else if shipped {
            loaded.append(.leftOut(SetProblem(file: "Sets", Say("error.setfile.examples_missing")), name: nil))
        }
        func leaveOut(_ problem: SetProblem, name: String?) {
            loaded.append(.leftOut(problem, name: name))
            if let name { library.leftOut(problem, name: name) }
        }
        for (folder, source) in sources {
            for file in load(folder: folder) {
                switch file {
                case .leftOut(let problem, let name):
                    leaveOut(problem, name: name)
                case .set(let set, let path):
                    if let first = library.entry(named: set.name) {
                        leaveOut(SetProblem(file: path, Say("error.setfile.name_twice", ["name": .text(first.set.name), "file": .text(first.file ?? "")])), name: set.name)
                    } else if library.entries.count >= SetLimits.sets {
                        leaveOut(SetProblem(file: path, Say("error.setfile.too_many_sets", ["max": .int(SetLimits.sets)])), name: set.name)
                    } else {
                        library.put(SetLibrary.Entry(set: set, source: source, file: path))
                        loaded.append(file)
                    }
                }
            }
        }
        return (library, loaded)
    }

    /// One folder as `check-sets` reports it: each file as the server would take it, a name the
    /// shipped sets already have left out too (unless the file is that shipped set: checking
    /// the shipped folder itself passes).
    public static func check(folder: String) -> [Loaded] {
        let shipped = library(folders: [], shipped: true).library
        return library(folders: [folder], shipped: false).loaded.map { loaded in
            guard case .set(let set, let file) = loaded, let first = shipped.entry(named: set.name),
                  first.set.questions != set.questions else { return loaded }
            return .leftOut(SetProblem(file: file, Say("error.setfile.name_shipped", ["name": .text(first.set.name)])), name: set.name)
        }
    }

    /// Where the example sets are, or nil (`BuiltinResource` says where it looks).
    public static func builtinSetsPath() -> String? {
        BuiltinResource.path("Sets", installed: "sets")
    }
}
