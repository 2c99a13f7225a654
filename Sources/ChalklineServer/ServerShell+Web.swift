import ChalklineCore
import ChalklineHTTP
import ChalklineWeb
import CLibUV

/// The web on the protocol's own port: a new connection is sniffed (`FirstLine`), an HTTP
/// request is answered from the pages compiled into the binary (`WebExchange`), and `/ws`
/// becomes a WebSocket whose messages are protocol lines for the core, in json. The core never
/// hears of a connection until it is known to speak the protocol, so page loads count towards
/// no limit of its and get no welcome.
extension ServerShell {
    /// A just-accepted connection: sniffed when the web is on, welcomed at once when it is off.
    func admit(_ connection: Connection) {
        guard let webDeadlines else {
            welcome(connection, format: .text)
            if connection.state == .open { connection.startReading() }
            return
        }
        // Not yet known to the core, so none of its limits count it: these caps do, so that one
        // address holding unfinished requests cannot take every descriptor from the class.
        guard unannounced.add(connection) else {
            logger.debug("refused: too many unannounced connections", metadata: ["peer": "\(connection.peer)"])
            drop(connection, reason: nil)
            return
        }
        connection.transport = .sniffing
        connection.acceptedAt = clock.now
        webDeadlines.add(connection.id, now: connection.acceptedAt)
        connection.startReading()
    }

    /// The connection speaks the protocol: the core takes it (and may turn it away at a limit).
    func welcome(_ connection: Connection, format: OutputFormat) {
        unannounced.remove(connection)
        connection.transport = format == .json ? .webSocket : .line
        execute(core.connect(connection.id, peer: connection.peer, format: format, oneLineMessages: format == .json,
                             now: clock.now))
    }

    /// Bytes on a connection not yet known to be the line protocol: sniff, then read an HTTP head.
    func receivedBeforeProtocol(_ bytes: UnsafeRawBufferPointer, on connection: Connection) {
        connection.pendingInput.append(contentsOf: bytes)
        if connection.transport == .sniffing {
            switch FirstLine.classify(connection.pendingInput) {
            case .undecided where connection.pendingInput.count <= Limits.httpHeadBytes:
                return
            case .line:
                let held = connection.pendingInput
                connection.pendingInput = []
                welcome(connection, format: .text)
                guard connection.state == .open else { return }
                held.withUnsafeBytes { execute(core.receive(connection.id, $0, now: clock.now)) }
                return
            case .undecided, .http:
                connection.transport = .http
            }
        }
        switch HTTPRequest.parse(connection.pendingInput) {
        case .incomplete:
            return
        case .tooLarge:
            respond(.error(413, "The request head is larger than \(Limits.httpHeadBytes) bytes."), headOnly: false, on: connection)
        case .malformed(let why):
            respond(.error(400, why), headOnly: false, on: connection)
        case .complete(let request, let length):
            let rest = Array(connection.pendingInput[length...])
            connection.pendingInput = []
            logger.debug("http", metadata: ["id": "\(connection.id)", "peer": "\(connection.peer)",
                                            "method": "\(request.method)", "path": "\(request.path)"])
            switch WebExchange.answer(request, site: Pages.site, joinURL: core.joinURL ?? "", hosts: hostPolicy, qrCodes: qrCodes) {
            case .respond(let response, let headOnly):
                respond(response, headOnly: headOnly, on: connection)
            case .upgrade(let response):
                connection.sendRaw(Payload(response.rendered()))
                connection.webSocket = WebSocketChannel(maxMessageBytes: options.core.maxLineBytes + 2) { [unowned connection] bytes in
                    connection.sendRaw(Payload(bytes))
                }
                welcome(connection, format: .json)
                if !rest.isEmpty, connection.state == .open {
                    rest.withUnsafeBytes { receivedFrames($0, on: connection) }
                }
            }
        }
    }

    private func respond(_ response: HTTPResponse, headOnly: Bool, on connection: Connection) {
        connection.pendingInput = []
        connection.sendRaw(Payload(response.rendered(headOnly: headOnly)))
        connection.closeAfterFlush()
    }

    /// Bytes on a WebSocket: its messages go to the core as lines; a close (the client's, or
    /// one wslay started for a broken frame) ends the connection once the close frame is out.
    func receivedFrames(_ bytes: UnsafeRawBufferPointer, on connection: Connection) {
        guard let channel = connection.webSocket else { return }
        let got = channel.receive(bytes)
        if !got.lines.isEmpty {
            got.lines.withUnsafeBytes { execute(core.receive(connection.id, $0, now: clock.now, arrived: arrivalFloor)) }
        }
        if got.closing { connection.closeAfterFlush() }
    }

    /// Silent through its sniff window: a person at netcat waiting for the welcome.
    ///
    /// libuv runs timers before it polls for I/O, so after a stall of the loop (a busy laptop)
    /// the window can end with a browser's request already waiting, unread, in the socket: the
    /// socket is asked first, and such a connection is left to its read.
    func sniffEnded(_ id: ConnectionID) {
        guard let connection = connections(id), connection.state == .open, connection.transport == .sniffing,
              connection.pendingInput.isEmpty, !connection.hasUnreadInput else { return }
        welcome(connection, format: .text)
    }

    /// The HTTP head did not arrive in time: closed without an answer (RFC 9110 allows it; a
    /// client this slow is not waiting for one).
    func headTimedOut(_ id: ConnectionID) {
        guard let connection = connections(id), connection.state == .open,
              connection.transport == .sniffing || connection.transport == .http else { return }
        drop(connection, reason: "HTTP request head timed out")
    }
}
