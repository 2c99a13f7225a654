/// A set being sent over the protocol, line by line (`/sets new`, `/sets add`, then `/sets save`),
/// held by its connection until it is saved, cancelled or the connection goes. A class, so a
/// connection without one pays one word for it.
///
/// Owned by the loop thread (through its `Session`) and touched only there.
final class SetDraft {
    let name: String
    /// The file's lines as sent; a string with line ends in it is several lines.
    private(set) var lines: [String] = []
    /// Lines of the file so far, as `SetFile.read` numbers them.
    private(set) var lineCount = 0
    /// Bytes so far, a line end each line.
    private(set) var bytes = 0

    init(name: String) { self.name = name }

    /// Adds `more` if the draft stays within `Limits.setDraftLines` and `setDraftBytes`;
    /// false (nothing added) when it would not.
    func add(_ more: [String]) -> Bool {
        let newLines = more.reduce(0) { $0 + 1 + $1.utf8.count(where: { $0 == 0x0A }) }
        let newBytes = more.reduce(0) { $0 + $1.utf8.count + 1 }
        guard lineCount + newLines <= Limits.setDraftLines, bytes + newBytes <= Limits.setDraftBytes else { return false }
        lines += more
        lineCount += newLines
        bytes += newBytes
        return true
    }

    /// The file as `SetFile.read` takes it.
    var text: String { lines.joined(separator: "\n") }
}
