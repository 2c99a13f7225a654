import ChalklineCore
import ChalklineStore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where the teacher's secret is kept between starts: `chalkline-teacher.txt` beside the SQLite
/// database (so the secret travels with the results it opens), or in the working directory for
/// PostgreSQL and `:memory:`. Made at the first start, mode 0600 (only the teacher's account
/// reads it), read again at every start; its first line is the secret, so a teacher may also
/// write one of their own there.
public enum TeacherSecretFile {
    public static let fileName = "chalkline-teacher.txt"

    /// The file for a `--db` value, when `--teacher-secret-file` does not name one.
    public static func defaultPath(database: String) -> String {
        if ResultsStores.isPostgres(database) || database == ":memory:" || database.isEmpty { return fileName }
        let directory = (database as NSString).deletingLastPathComponent
        return directory.isEmpty ? fileName : (directory as NSString).appendingPathComponent(fileName)
    }

    /// What went wrong with the file, for the log; the server then uses a secret for this run only.
    public struct Problem: Error, CustomStringConvertible {
        public var description: String
    }

    /// The secret in the file at `path`, made (and the file with it) when there is none.
    public static func readOrMake(_ path: String) throws(Problem) -> String {
        if let secret = try read(path) { return secret }
        let made = TeacherSecret.make { UInt64.random(in: .min ... .max) }
        // O_EXCL: two servers started at once beside one database keep one secret.
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if fd < 0 {
            if errno == EEXIST, let secret = try read(path) { return secret }
            throw Problem(description: "cannot make \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        let bytes = Array((made + "\n").utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count, fsync(fd) == 0 else {
            unlink(path)
            throw Problem(description: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
        return made
    }

    /// The file's first line, trimmed; nil when there is no file (or only blanks in it). A file
    /// others may read is made the owner's alone again: the secret opens children's results.
    static func read(_ path: String) throws(Problem) -> String? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw Problem(description: "cannot read \(path)")
        }
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & 0o077 != 0 { chmod(path, 0o600) }
        let line = text.split(separator: "\n", omittingEmptySubsequences: true).first
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
        return line.isEmpty ? nil : line
    }

    /// The line printed at start, after the students' address: where the teacher's desk is and
    /// its secret. A `--create-password` is not echoed to the terminal: the teacher chose it.
    public static func announcement(pagesAt url: String?, config: ServerConfig) -> String? {
        let secret: String
        if let made = config.teacherSecret, !made.isEmpty {
            secret = "secret \(made)"
        } else if config.createPassword.map({ !$0.isEmpty }) ?? false {
            secret = "secret: the --create-password"
        } else {
            return nil
        }
        guard let url else { return "teacher's \(secret) (/teacher SECRET)" }
        return "teacher's desk \(url.hasSuffix("/") ? url : url + "/")desk, \(secret)"
    }
}
