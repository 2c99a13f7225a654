import ChalklineProtocol
import CEpoll
import Foundation

/// The connection, the model and the terminal of one interactive command (play, host,
/// watch): events in, a redrawn screen or plain lines out, typed lines and keys back to the
/// server. Role-specific behaviour comes in through the setup lines and `onKey`/`onPlainLine`.
///
/// Owned by the main thread, which runs its reactor.
package final class RoomSession {
    package let reactor = Reactor()
    package let endpoint: Endpoint
    package var model: RoomModel
    package let screenMode: Bool
    private let terminal = Terminal()
    private var connection: LineConnection?
    /// Sent after `/format json` on the first connection only.
    package var setupLines: [String] = []
    /// After a drop, players get their seat back (`/rejoin` with their token) and hosts their
    /// room (`/claim` with the host key); watchers just report it.
    package var reconnects = false
    /// The line being typed (screen mode).
    package var input = ""
    package var prompt = "> "
    package var footerHint: String?
    package var joinHint: String?
    /// A key the role wants for itself (screen mode, nothing typed yet, no question asked):
    /// return true if used.
    package var onKey: (RoomSession, Character) -> Bool = { _, _ in false }
    /// A question the screen is asking ("Kick whom?"): what is typed is its answer.
    private var asking: (label: String, answer: (RoomSession, String) -> Void)?
    package var view = ScreenView()
    private var keys = KeyReader()
    /// A line typed in plain mode or submitted in screen mode: return true if the role handled it.
    package var onSubmit: (RoomSession, String) -> Bool = { _, _ in false }
    package var onMessage: (RoomSession, ServerMessage) -> Void = { _, _ in }
    /// Lines typed or piped in plain mode, framed as the server's are (bounded, CR dropped).
    private var stdinLines = LineFramer(maxBytes: LineConnection.maxLineBytes)
    private var quitting = false
    private var attempts = 0
    private var everOpened = false
    package private(set) var exitCode: Int32 = 0
    /// What ended the session, printed once the full screen is gone (it would vanish with it).
    private var farewell: String?

    /// A text of the catalog in the session's language.
    package func t(_ key: String, _ args: KeyValuePairs<String, Say.Arg> = [:]) -> String { model.language.text(key, count: nil, args) }

    package init(endpoint: Endpoint, model: RoomModel, screenMode: Bool = Terminal.wantsScreen) {
        self.endpoint = endpoint
        self.model = model
        self.screenMode = screenMode
    }

    package func run() -> Int32 {
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
        if screenMode, let farewell {
            if exitCode == 0 { print(farewell); fflush(nil) } else { FileHandle.standardError.write(Data((farewell + "\n").utf8)) }
            // Until the terminal has taken it: a terminal that sees us exit first may drop it.
            tcdrain(exitCode == 0 ? STDOUT_FILENO : STDERR_FILENO)
        }
        return exitCode
    }

    package func send(_ line: String) { connection?.send(line) }

    /// Leaves: `farewell` is printed after the screen closes (on stderr when `code` is not 0).
    package func quit(code: Int32 = 0, farewell: String? = nil) {
        guard !quitting else { return }
        quitting = true
        exitCode = code
        self.farewell = farewell
        connection?.send("/quit")
        // A moment for /quit to leave; the server treats a plain close the same way.
        reactor.after(0.05) { [unowned self] in
            connection?.close()
            reactor.stop()
        }
    }

    /// A line for the person: printed in plain mode, shown as the notice on screen.
    package func say(_ text: String) {
        if screenMode { model.notice = text; redraw() } else { print(text); fflush(nil) }
    }

    /// Opens the reply log at its last screenful.
    package func openLog() {
        view.readerTop = max(0, model.log.count - max(1, terminal.size.rows - 6))
        redraw()
    }

    /// Asks a question on the bottom line: typed text is echoed after `label`, Enter answers
    /// (and goes no further), Esc cancels.
    package func ask(_ label: String, answer: @escaping (RoomSession, String) -> Void) {
        guard screenMode else { return }
        asking = (label, answer)
        input = ""
        redraw()
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
        // The server's words (errors, a question said in a sentence) in the screen's language,
        // on every connection: a reconnect is a new connection, back in the server's default.
        lines.insert("/lang \(model.language.code)", at: 0)
        c.connect(sendingJSON: lines) { lost($0.description) }
    }

    private func lost(_ reason: String?) {
        guard !quitting else { return }
        let canRejoin = reconnects && model.room != nil && (model.token != nil || model.hostKey != nil) && everOpened
        if let goodbye = model.farewell { return quit(code: 0, farewell: goodbye) }
        guard canRejoin, attempts < 60 else {
            let text = reason.map { t("client.session.closed_because", ["reason": .text($0)]) } ?? t("client.session.closed")
            say(text)
            return quit(code: 1, farewell: text)
        }
        if model.connected { say(t("client.session.reconnecting", ["server": .text("\(endpoint)")])) }
        model.connected = false
        attempts += 1
        redraw()
        reactor.after(attempts == 1 ? 0.2 : 1.0) { [unowned self] in connect(rejoin: true) }
    }

    private func receive(_ line: String) {
        guard let message = ServerMessage(line: line) else { return }
        let comingBack = message.cmd == "rejoin" || message.cmd == "claim"
        if message.event == .ok, comingBack {
            model.connected = true
            if !screenMode { print(t("client.session.back", ["room": .text(message.string("room") ?? ""), "score": .int(message.int("score") ?? 0)])) }
        }
        if message.event == .error, comingBack {
            model.apply(message, now: Clock.seconds())
            let text = t("client.session.seat_lost", ["message": .text(message.string("message") ?? "")])
            say(text)
            return quit(code: 1, farewell: text)
        }
        let phase = model.generation
        model.apply(message, now: Clock.seconds())
        if model.generation != phase { view.tablePage = 0 }
        // A reply longer than the panel opens the log at its first line.
        if screenMode, let lines = ReplyText.lines(for: message), lines.count > 3 { view.readerTop = model.lastReplyStart }
        if screenMode {
            redraw()
        } else if let text = PlainLines.line(for: message, model: model) {
            print(text)
            fflush(nil)
        }
        // The teacher's New room: follow the class there, as the student page does.
        if message.event == .moved, let line = model.followLine { send(line) }
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
            for key in keys.keys(buffer[..<n]) { press(key) }
            redraw()
        } else {
            var typed: [String] = []
            buffer.withUnsafeBytes { bytes in
                stdinLines.push(UnsafeRawBufferPointer(rebasing: bytes[..<n])) { line in
                    if case .bytes(let text) = line { typed.append(String(decoding: text, as: UTF8.self)) }
                }
            }
            for line in typed { submit(line) }
        }
    }

    private func press(_ key: Key) {
        if key == .interrupt { return quit() }
        if view.readerTop != nil { return scrollLog(key) }
        switch key {
        case .enter:
            let line = input
            input = ""
            if let asked = asking {
                asking = nil
                return asked.answer(self, line.trimmingCharacters(in: .whitespaces))
            }
            submit(line)
        case .escape:
            if asking != nil { asking = nil }
            input = ""
        case .backspace: if !input.isEmpty { input.removeLast() }
        case .clearLine: input = ""
        case .up: openLog()
        case .pageUp: view.tablePage = max(0, view.tablePage - 1)
        case .pageDown: view.tablePage += 1
        case .down: break
        case .text(let text):
            if input.isEmpty, asking == nil, let ch = text.first, onKey(self, ch) { return }
            if input.count < 200 { input += text }
        case .interrupt: break
        }
    }

    /// Keys while the reply log is open: they scroll it or close it, and reach nothing else.
    private func scrollLog(_ key: Key) {
        let top = view.readerTop ?? 0
        let page = max(1, terminal.size.rows - 8)
        switch key {
        case .up: view.readerTop = max(0, top - 1)
        case .down: view.readerTop = min(max(0, model.log.count - 1), top + 1)
        case .pageUp: view.readerTop = max(0, top - page)
        case .pageDown: view.readerTop = min(max(0, model.log.count - 1), top + page)
        case .escape, .enter, .text("q"), .text("Q"): view.readerTop = nil
        default: break
        }
    }

    private func submit(_ line: String) {
        if onSubmit(self, line) { return }
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        // Homework's pause after an answer: Enter goes on to the next question now.
        if trimmed.isEmpty, model.pauseUntil != nil { return send("/next") }
        guard !trimmed.isEmpty else { return }
        send(trimmed.hasPrefix("/") ? trimmed : model.answerLine(trimmed))
    }

    // MARK: Drawing

    private func tick() {
        redraw()
        reactor.after(0.1) { [unowned self] in tick() }
    }

    package func redraw() {
        guard screenMode else { return }
        let size = terminal.size
        var footer: [Styled] = [.bold(asking?.label ?? prompt), .plain(input), .inverse(" ")]
        if asking != nil { footer.append(.dim("   Enter to confirm, Esc to cancel")) }
        if let footerHint, input.isEmpty, asking == nil { footer = [.dim(footerHint)] }
        if view.readerTop != nil { footer = [.dim(t("client.session.reading_log"))] }
        let screen = RoomScreen(model: model, now: Clock.seconds(), columns: size.columns, rows: size.rows, colour: true,
                                footer: footer, joinHint: joinHint, view: view)
        terminal.write(screen.frame().render(columns: size.columns, rows: size.rows))
    }
}
