import Foundation

/// A client program on a real terminal: a detached tmux session of a fixed size, on a tmux
/// server of its own (a private socket), read back with `capture-pane` exactly as a person
/// would see it. A wait reads the screen again each time the program writes to its terminal
/// (tmux copies the pane's output to a pipe, `pipe-pane`), until the screen shows what is
/// expected or a deadline passes; nothing sleeps or polls on a timer.
final class TmuxScreen {
    let socket: String
    let columns: Int
    let rows: Int
    private var lastScreen = ""
    /// The tmux server's process, ended by id if `kill-server` leaves it running.
    private var serverPID: Int32?
    /// The read end of the FIFO tmux copies the pane's output into: readable when the screen
    /// may have changed.
    private var output: Int32 = -1

    /// Starts `chalkline ARGUMENTS` in a `columns` x `rows` terminal. The terminal stays after
    /// the program exits, so what it printed last and its exit status can still be read.
    init(_ arguments: [String], columns: Int = 80, rows: Int = 24) throws {
        socket = FileManager.default.temporaryDirectory.appendingPathComponent("chalkline-tmux-\(UUID().uuidString)").path
        self.columns = columns
        self.rows = rows
        let command = (["env", "-u", "NO_COLOR", "TERM=xterm-256color", BuiltProducts.path("chalkline")] + arguments)
            .map(Self.quote).joined(separator: " ")
        // remain-on-exit from the start (a config file of its own), not set after the session
        // exists: a program that ends at once would otherwise take its pane with it.
        let config = socket + ".conf"
        try "set -g remain-on-exit on\nset -g history-limit 0\n".write(toFile: config, atomically: true, encoding: .utf8)
        // After the program, the shell writes its exit status and stays: tmux may drop a dying
        // pane's last output, and the status line comes after it on the same terminal.
        try tmux(["-f", config, "new-session", "-d", "-s", "t", "-x", "\(columns)", "-y", "\(rows)", "sh", "-c",
                  "\(command); echo \"[exited $?]\"; exec sleep 600"])
        serverPID = Int32((try? tmux(["display-message", "-p", "-t", "t", "#{pid}"]))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "")
        // Opened before tmux's writer, without blocking; output the program wrote before the
        // pipe existed is on the screen, and every wait reads the screen first.
        let fifo = socket + ".out"
        guard mkfifo(fifo, 0o600) == 0 else { throw TestFailure("mkfifo \(fifo): errno \(errno)") }
        output = open(fifo, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard output >= 0 else { throw TestFailure("open \(fifo): errno \(errno)") }
        try tmux(["pipe-pane", "-O", "-t", "t", "exec cat > " + Self.quote(fifo)])
    }

    /// The screen as text, one line a row, trailing spaces removed.
    func capture() -> String {
        (try? tmux(["capture-pane", "-p", "-t", "t"])) ?? ""
    }

    /// Reads the screen until `matches` holds for it, again each time the program writes to
    /// its terminal; returns that screen.
    @discardableResult
    func wait(timeout: Double = 10, for what: String, _ matches: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let screen = capture()
            lastScreen = screen
            if matches(screen) { return screen }
            guard Date() < deadline, waitForOutput(until: deadline) else {
                throw TestFailure("the screen never showed \(what) within \(timeout) s; it shows:\n\(capture())")
            }
        }
    }

    /// Blocks until the pane writes something (taking it out of the pipe) or the deadline
    /// passes; false at the deadline, or if tmux's writer has gone.
    private func waitForOutput(until deadline: Date) -> Bool {
        var ready = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        let ms = Int32(max(0, min(deadline.timeIntervalSinceNow * 1000, Double(Int32.max))).rounded(.up))
        guard poll(&ready, 1, ms) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var took = false
        while case let n = read(output, &buffer, buffer.count), n > 0 { took = true }
        return took
    }

    /// Waits until the screen contains `fragment`; returns the screen.
    @discardableResult
    func expect(_ fragment: String, timeout: Double = 10) throws -> String {
        try wait(timeout: timeout, for: "\"\(fragment)\"") { $0.contains(fragment) }
    }

    /// Makes the terminal `columns` x `rows`, as a person dragging its corner would.
    func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", "t", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// Types `text` literally (no Enter).
    func type(_ text: String) throws { try tmux(["send-keys", "-t", "t", "-l", text]) }

    /// Presses named keys: `Enter`, `Escape`, `PageDown`, `Up`...
    func press(_ keys: String...) throws { try tmux(["send-keys", "-t", "t"] + keys) }

    /// The program's exit status once it has exited (the shell's `[exited N]` line), waiting
    /// until the deadline.
    func exitStatus(timeout: Double = 10) throws -> Int32 {
        let screen = try wait(timeout: timeout, for: "the program's exit") { $0.contains("[exited ") }
        guard let match = screen.firstMatch(of: /\[exited (\d+)\]/), let status = Int32(match.1) else {
            throw TestFailure("no exit status on the screen:\n\(screen)")
        }
        return status
    }

    /// Writes the screen to `/work/captures/screens/NAME.txt` when that folder exists (a person
    /// looking at the screens keeps it; CI has none).
    func save(_ name: String, screen: String? = nil) {
        let folder = "/work/captures/screens"
        guard FileManager.default.fileExists(atPath: folder) else { return }
        try? (screen ?? capture()).write(toFile: "\(folder)/\(name).txt", atomically: true, encoding: .utf8)
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let process = Process()
        // The first tmux command forks the tmux server, which inherits every descriptor this
        // process has open, among them the one Foundation watches to learn that the command
        // ended: waitUntilExit would never return. bash (dash cannot name a descriptor above 9)
        // closes them all before tmux starts.
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", Self.closeInherited + "exec tmux \"$@\"", "sh", "-S", socket] + arguments
        // Only commands that print are read through a pipe: `new-session` starts the tmux
        // server, which would inherit the pipe and hold it open, so reading to its end would
        // never return.
        let reads = arguments.contains("capture-pane") || arguments.contains("display-message")
        let out = Pipe()
        process.standardOutput = reads ? out : FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = reads ? out.fileHandleForReading.readDataToEndOfFile() : Data()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TestFailure("tmux \(arguments.joined(separator: " ")) failed") }
        return String(decoding: data, as: UTF8.self)
    }

    private static let closeInherited = "for fd in $(ls /proc/$$/fd); do [ \"$fd\" -gt 2 ] && eval \"exec $fd>&-\"; done 2>/dev/null; "

    private static func quote(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    deinit {
        _ = try? tmux(["kill-server"])
        if output >= 0 { close(output) }
        try? FileManager.default.removeItem(atPath: socket + ".out")
        // Only our own server: the id must still be a tmux run on this socket.
        if let pid = serverPID, let line = try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8),
           line.contains(socket) {
            kill(pid, SIGKILL)
        }
        try? FileManager.default.removeItem(atPath: socket)
        try? FileManager.default.removeItem(atPath: socket + ".conf")
    }
}
