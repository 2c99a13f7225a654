/// Every question set this server has, by name: shipped with it, from `--sets` folders, and saved
/// from the teacher page (which change while the server runs). The core reads no files: the
/// shell loads the folders and the stored sets and hands them over.
public struct SetLibrary: Sendable {
    public enum Source: String, Sendable {
        case builtin, folder, saved
    }

    public struct Entry: Sendable, Equatable {
        public var set: QuestionSet
        public var source: Source
        /// Where a folder's set came from, for `/sets` and problems.
        public var file: String?

        public init(set: QuestionSet, source: Source, file: String? = nil) {
            self.set = set
            self.source = source
            self.file = file
        }
    }

    /// By folded name (`Names.folded`-like: lowercased), in the order they were added.
    public private(set) var entries: [Entry] = []
    /// Files that were left out, by the set name they would have had: `/create quiz set=NAME`
    /// names the file, its line and what is wrong.
    public private(set) var problems: [String: SetProblem] = [:]

    public init() {}

    public func entry(named name: String) -> Entry? {
        let key = name.lowercased()
        return entries.first { $0.set.name.lowercased() == key }
    }

    /// Adds or replaces a set by name.
    public mutating func put(_ entry: Entry) {
        let key = entry.set.name.lowercased()
        if let i = entries.firstIndex(where: { $0.set.name.lowercased() == key }) {
            entries[i] = entry
        } else {
            entries.append(entry)
        }
        problems[key] = nil
    }

    public mutating func remove(named name: String) {
        let key = name.lowercased()
        entries.removeAll { $0.set.name.lowercased() == key }
    }

    public mutating func leftOut(_ problem: SetProblem, name: String) {
        problems[name.lowercased()] = problem
    }
}
