import Foundation

/// Tests/Browser/student.py in a child process: student pages in headless Chromium, driven by
/// Selenium. The test writes JSON commands on its stdin and reads one JSON event a line from its
/// stdout (see the script's docstring), each wait with a deadline.
final class BrowserDriver {
    let process = Process()
    private let stdin = Pipe()
    private let stdout = Pipe()
    private let reader: LineReader
    /// Every line the driver printed, for failure messages.
    private(set) var output: [String] = []

    static var script: String {
        BuiltProducts.repository.appendingPathComponent("Tests/Browser/student.py").path
    }

    /// `script`: student.py by default; the host page's tests run host.py.
    init(script: String = BrowserDriver.script) throws {
        // Debian's python3-selenium is installed for /usr/bin/python3 (see the Makefile's test-deps).
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script]
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.standardError
        reader = LineReader(fd: stdout.fileHandleForReading.fileDescriptor)
        try process.run()
    }

    func send(_ command: [String: Any]) throws {
        let data = try JSONSerialization.data(withJSONObject: command)
        stdin.fileHandleForWriting.write(data + Data("\n".utf8))
    }

    /// The next event the pages reported; a driver error (a page that never showed what it
    /// waited for) fails the test with the driver's own words.
    func event(timeout: Double = 90) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let next: String?
            do { next = try reader.readLine(deadline: deadline) } catch {
                throw TestFailure("\(error); the browser driver's last lines:\n" + output.suffix(15).joined(separator: "\n"))
            }
            guard let line = next else {
                throw TestFailure("the browser driver exited; its output:\n" + output.suffix(30).joined(separator: "\n"))
            }
            output.append(line)
            guard line.hasPrefix("{"), let data = line.data(using: .utf8),
                  let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { continue }
            if object.string("event") == "error" {
                throw TestFailure("page \(object.string("page") ?? "?"): \(object.string("message") ?? "")\n\(object.string("trace") ?? "")")
            }
            return object
        }
    }

    /// Skips events until one of `name` from `page` arrives.
    @discardableResult
    func expect(_ name: String, page: String, timeout: Double = 60) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let e = try event(timeout: max(0.01, deadline.timeIntervalSinceNow))
            if e.string("event") == name, e.string("page") == page { return e }
        }
    }

    func quit() {
        try? send(["cmd": "quit"])
        try? stdin.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(20)
        while (try? reader.readLine(deadline: deadline)) ?? nil != nil {}
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// Where the screenshots go: $CHALKLINE_CAPTURES, or a folder under the temporary directory.
    static var captures: String {
        if let dir = ProcessInfo.processInfo.environment["CHALKLINE_CAPTURES"], !dir.isEmpty { return dir }
        return FileManager.default.temporaryDirectory.appendingPathComponent("chalkline-captures").path
    }
}
