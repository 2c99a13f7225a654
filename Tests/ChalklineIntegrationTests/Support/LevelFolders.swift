import Foundation

/// A test-only word pack, written at test time to a fresh temporary folder (no fixture files in
/// the source tree for SwiftPM to warn about). The words are this test's own.
enum ClassroomPack {
    /// level1.txt: kitchen things. 2+3+2+3+3+3+4 = 20 groups.
    static let level1 = """
        # Kitchen (a comment, then a blank line: both ignored)

        TEA|POT: Pours a hot drink
        SPA|TU|LA: Flips pancakes
        TOA|STER: Browns your bread
        KET|T|LE: Whistles when the water boils
        COL|AN|DER: A bowl full of holes for draining pasta
        FRI|D|GE: Keeps the milk cold
        MI|CRO|WA|VE: Heats leftovers in two minutes
        """

    /// level2.txt: space. 3+2+2+3+4+2+4 = 20 groups. Written with CR LF endings, as Notepad saves them.
    static let level2 = """
        RO|CK|ET: Lifts off from the launch pad
        PLA|NET: Earth is one
        CO|MET: Icy visitor with a long tail
        GA|LA|XY: Billions of stars held together
        AST|RO|NA|UT: Floats inside the space station
        MO|ON: Lights up the night sky
        TE|LE|SC|OPE: Makes faraway things look near
        """

    /// The answer and its group count, by clue, for each level.
    static let answers: [[String: (word: String, groups: Int)]] = [level1, level2].map { text in
        var map: [String: (String, Int)] = [:]
        for line in text.split(separator: "\n") {
            let line = line.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !line.isEmpty, !line.hasPrefix("#"), let colon = line.range(of: ": ") else { continue }
            let groups = line[..<colon.lowerBound].split(separator: "|")
            map[String(line[colon.upperBound...])] = (groups.joined(), groups.count)
        }
        return map
    }

    static let groups: [[String]] = [level1, level2].map { text in
        text.split(separator: "\n").compactMap { line -> [String]? in
            guard !line.hasPrefix("#"), let colon = line.range(of: ": ") else { return nil }
            return line[..<colon.lowerBound].split(separator: "|").map(String.init)
        }.flatMap { $0 }
    }

    /// Writes the pack as `<tmp>/<unique>/<name>/level{1,2}.txt` and returns the folder.
    static func write(name: String = "classroom") throws -> String {
        try LevelFolder.make(name, ["level1.txt": level1, "level2.txt": level2.replacingOccurrences(of: "\n", with: "\r\n")])
    }
}

enum LevelFolder {
    /// A fresh folder named `name` (the pack's name) under the temporary directory, holding `files`.
    static func make(_ name: String, _ files: [String: String]) throws -> String {
        try make(name, files.mapValues { Data($0.utf8) })
    }

    /// The same with raw bytes, for files that are not UTF-8.
    static func make(_ name: String, _ files: [String: Data]) throws -> String {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("chalkline-\(UUID().uuidString)").appendingPathComponent(name)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (file, data) in files { try data.write(to: dir.appendingPathComponent(file)) }
        return dir.path
    }

    static func remove(_ path: String) {
        try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent())
    }
}

/// A run of the real `chalkline-server` binary to completion, for subcommands and refusals.
struct FinishedRun {
    var status: Int32
    var stdout: String
    var stderr: String

    /// Runs `chalkline-server ARGS` and waits (with a deadline) for it to exit. Output goes to
    /// files, so a chatty child never blocks on a full pipe.
    static func server(_ arguments: [String], timeout: Double = 20) throws -> FinishedRun {
        try program(BuiltProducts.path("chalkline-server"), arguments, timeout: timeout)
    }

    /// Runs any program the same way (the PostgreSQL tools, say).
    static func program(_ path: String, _ arguments: [String], timeout: Double = 20) throws -> FinishedRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let tmp = FileManager.default.temporaryDirectory
        let out = tmp.appendingPathComponent("chalkline-run-\(UUID().uuidString).out")
        let err = tmp.appendingPathComponent("chalkline-run-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        if exited.wait(timeout: .now() + timeout) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw TestFailure("\(path) \(arguments.joined(separator: " ")) did not exit in \(timeout) s")
        }
        process.waitUntilExit()
        return FinishedRun(status: process.terminationStatus,
                           stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
                           stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }
}
