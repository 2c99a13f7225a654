import CEpoll
import Foundation

/// The connection, the model and the terminal of one interactive command (play, host,
/// watch): events in, a redrawn screen or plain lines out, typed lines and keys back to the
/// server. Role-specific behaviour comes in through the setup lines and `onKey`/`onPlainLine`.
///
/// Owned by the main thread, which runs its reactor.
final class RoomSession {
    let reactor = Reactor()
    let endpoint: Endpoint
    var model: RoomModel
    let screenMode: Bool
    private let terminal = Terminal()
    private var connection: LineConnection?
    /// Sent after `/format json` on the first connection only.
    var setupLines: [String] = []
    /// After a drop, players get their seat back (`/rejoin` with their token) and hosts their
    /// room (`/claim` with the host key); watchers just report it.
    var reconnects = false
    /// The line being typed (screen mode).
    var input = ""
    var prompt = "> "
    var footerHint: String?
    var joinHint: String?
    /// A key the role wants for itself (screen mode, nothing typed yet): return true if used.
    var onKey: (RoomSession, Character) -> Bool = { _, _ in false }
    /// A line typed in plain mode or submitted in screen mode: return true if the role handled it.
    var onSubmit: (RoomSession, String) -> Bool = { _, _ in false }
    var onMessage: (RoomSession, ServerMessage) -> Void = { _, _ in }
    private var pendingUTF8: [UInt8] = []
    private var escape = 0
    private var quitting = false
    private var attempts = 0
    private var everOpened = false
    private(set) var exitCode: Int32 = 0

    init(endpoint: Endpoint, model: RoomModel, screenMode: Bool = Terminal.wantsScreen) {
        self.endpoint = endpoint
        self.model = model
        self.screenMode = screenMode
    }

    func run() -> Int32 {
        Signals.onInterrupt(reactor) { [unowned self] _ in quit() }
        if screenMode {
            terminal.enterRaw()
            reactor.after(0.1) { [unowned self] in tick() }
        }
        reactor.watch(STDIN_FILENO) { [unowned self] readable, _, hangup in
            if readable || hangup { readStdin() }
        }
        connect(rejoin: false)
        reactor.run()
        terminal.restore()
        return exitCode
    }

    func send(_ line: String) { connection?.send(line) }

    func quit(code: Int32 = 0) {
        guard !quitting else { return }
        quitting = true
        exitCode = code
        connection?.send("/quit")
        // A moment for /quit to leave; the server treats a plain close the same way.
        reactor.after(0.05) { [unowned self] in
            connection?.close()
            reactor.stop()
        }
    }

    /// A line for the person: printed in plain mode, shown as the notice on screen.
    func say(_ text: String) {
        if screenMode { model.notice = text; redraw() } else { print(text); fflush(nil) }
    }

    private func connect(rejoin: Bool) {
        let c = LineConnection(to: endpoint, reactor: reactor)
        connection = c
        c.onOpen = { [unowned self] in
            everOpened = true
            attempts = 0
        }
        c.onLine = { [unowned self] line in receive(line) }
        c.onClose = { [unowned self] reason in lost(reason) }
        var lines = setupLines
        if rejoin, let room = model.room {
            if let key = model.hostKey {
                lines = ["/claim \(room) \(key)"]
            } else if let token = model.token {
                lines = ["/rejoin \(room) \(token)"]
            }
        }
        c.connect(sendingJSON: lines) { lost($0.description) }
    }

    private func lost(_ reason: String?) {
        guard !quitting else { return }
        let canRejoin = reconnects && model.room != nil && (model.token != nil || model.hostKey != nil) && everOpened
        if case .gameEnd = model.phase, model.notice?.hasPrefix("Server:") == true { return quit(code: 0) }
        if model.notice?.hasPrefix("Server:") == true { return quit(code: 0) }
        guard canRejoin, attempts < 60 else {
            say("Connection closed\(reason.map { ": \($0)" } ?? ".")")
            return quit(code: 1)
        }
        if model.connected { say("Connection lost; reconnecting to \(endpoint)...") }
        model.connected = false
        attempts += 1
        redraw()
        reactor.after(attempts == 1 ? 0.2 : 1.0) { [unowned self] in connect(rejoin: true) }
    }

    private func receive(_ line: String) {
        guard let message = ServerMessage(line: line) else { return }
        let comingBack = message.cmd == "rejoin" || message.cmd == "claim"
        if message.type == "ok", comingBack {
            model.connected = true
            if !screenMode { print("Reconnected: back in room \(message.string("room") ?? "") with score \(message.int("score") ?? 0).") }
        }
        if message.type == "error", comingBack {
            model.apply(message, now: Clock.seconds())
            say("Could not get the seat back: \(message.string("message") ?? "")")
            return quit(code: 1)
        }
        model.apply(message, now: Clock.seconds())
        if screenMode {
            redraw()
        } else if let text = PlainLines.line(for: message, model: model) {
            print(text)
            fflush(nil)
        }
        onMessage(self, message)
    }

    // MARK: Input

    private func readStdin() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = read(STDIN_FILENO, &buffer, buffer.count)
        if n <= 0 {
            reactor.unwatch(STDIN_FILENO)
            if !screenMode { quit() }
            return
        }
        if screenMode {
            for byte in buffer[..<n] { key(byte) }
            redraw()
        } else {
            pendingUTF8.append(contentsOf: buffer[..<n])
            while let lf = pendingUTF8.firstIndex(of: 0x0A) {
                let line = String(decoding: pendingUTF8[..<lf], as: UTF8.self).trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
                pendingUTF8.removeSubrange(...lf)
                submit(line)
            }
        }
    }

    private func key(_ byte: UInt8) {
        // Arrow keys and the like arrive as ESC [ X: swallowed, they mean nothing here.
        if escape > 0 {
            escape = (escape == 1 && byte == UInt8(ascii: "[")) ? 2 : 0
            return
        }
        switch byte {
        case 0x03, 0x04: quit()
        case 0x1B: escape = 1
        case 0x0D, 0x0A:
            let line = input
            input = ""
            submit(line)
        case 0x7F, 0x08:
            if !input.isEmpty { input.removeLast() }
        case 0x15: input = ""
        default:
            guard byte >= 0x20 else { return }
            pendingUTF8.append(byte)
            if let text = String(validating: pendingUTF8, as: UTF8.self) {
                pendingUTF8 = []
                if input.isEmpty, let ch = text.first, onKey(self, ch) { return }
                if input.count < 200 { input += text }
            } else if pendingUTF8.count >= 4 {
                pendingUTF8 = []
            }
        }
    }

    private func submit(_ line: String) {
        if onSubmit(self, line) { return }
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return }
        send(trimmed)
    }

    // MARK: Drawing

    private func tick() {
        redraw()
        reactor.after(0.1) { [unowned self] in tick() }
    }

    func redraw() {
        guard screenMode else { return }
        let size = terminal.size
        var footer: [Styled] = [.bold(prompt), .plain(input), .inverse(" ")]
        if let footerHint, input.isEmpty { footer = [.dim(footerHint)] }
        let screen = RoomScreen(model: model, now: Clock.seconds(), columns: size.columns, rows: size.rows, colour: true,
                                footer: footer, joinHint: joinHint)
        terminal.write(screen.frame().render(columns: size.columns, rows: size.rows))
    }
}
