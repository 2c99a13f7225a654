import ChalklineCore
import ChalklineHTTP
import ChalklineWeb
import CLibUV

/// The web on the protocol's own port: a new connection is sniffed (`FirstLine`), an HTTP
/// request is answered from the pages compiled into the binary (`WebExchange`), and `/ws`
/// becomes a WebSocket whose messages are protocol lines for the core, in json. The core never
/// hears of a connection until it is known to speak the protocol, so page loads get no welcome.
///
/// No timer decides what a connection is: its first line does. A browser on a busy device may
/// open a socket and send its request seconds later (Chrome opens sockets ahead of need), so a
/// silent socket is only welcomed as netcat after `Limits.silentWelcomeMs`, longer than any
/// browser keeps a socket it has not used; a person at netcat is welcomed on their first line.
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
        guard unannounced.add(connection, evict: { [unowned self] in
            logger.debug("closed an idle kept-alive connection for a new one", metadata: ["peer": "\($0.peer)"])
            drop($0, reason: nil)
        }) else {
            logger.debug("refused: too many unannounced connections", metadata: ["peer": "\(connection.peer)"])
            drop(connection, reason: nil)
            return
        }
        connection.transport = .sniffing
        connection.waitingSince = clock.now
        webDeadlines.add(connection.id, now: connection.waitingSince)
        connection.startReading()
    }

    /// The connection speaks the protocol: the core takes it (and may turn it away at a limit).
    func welcome(_ connection: Connection, format: OutputFormat) {
        unannounced.remove(connection)
        connection.transport = format == .json ? .webSocket : .line
        runner.connect(connection.id, peer: connection.peer, format: format, oneLineMessages: format == .json, now: clock.now)
    }

    /// Bytes on a connection not yet known to be the line protocol: sniff, then read an HTTP head.
    func receivedBeforeProtocol(_ bytes: UnsafeRawBufferPointer, on connection: Connection) {
        // A request (or a first line) begins: its head has its own deadline from here, so a
        // socket silent for a while cannot then trickle a head in for ever (slowloris). The
        // deadline is noted once the bytes are not a first line of the protocol: a class joining
        // would otherwise leave ten thousand entries that can no longer apply.
        let begun = connection.pendingInput.isEmpty
        if begun { connection.waitingSince = clock.now }
        connection.pendingInput.append(contentsOf: bytes)
        if connection.transport == .sniffing {
            switch FirstLine.classify(connection.pendingInput) {
            case .undecided where connection.pendingInput.count <= Limits.httpHeadBytes:
                if begun { webDeadlines?.headBegun(connection.id, now: connection.waitingSince) }
                return
            case .line:
                let held = connection.pendingInput
                connection.pendingInput = []
                welcome(connection, format: .text)
                guard connection.state == .open else { return }
                _ = held.withUnsafeBytes { runner.receive(connection.id, $0, now: clock.now) }
                return
            case .undecided, .http:
                connection.transport = .http
            }
        }
        if begun { webDeadlines?.headBegun(connection.id, now: connection.waitingSince) }
        serveRequests(on: connection)
    }

    /// Answers the whole requests held, in order (pipelining), for as long as the connection
    /// is kept alive; a request still arriving waits for its bytes. At most
    /// `Limits.httpRequestsPerTurn` in one turn: the rest wait, unread, for the connection's
    /// next turn (`HTTPBacklog`). The held bytes are read in place and the answered ones dropped
    /// once per turn, and the deadlines noted once per turn, not per request.
    func serveRequests(on connection: Connection) {
        var offset = 0
        var answered = 0
        var backlogged = false
        while connection.state == .open, connection.transport == .http, offset < connection.pendingInput.count {
            guard answered < Limits.httpRequestsPerTurn else {
                backlogged = true
                break
            }
            guard let length = serveRequest(on: connection, at: offset) else { break }
            offset += length
            answered += 1
        }
        guard connection.state == .open else { return }
        if connection.transport == .http {
            if offset > 0 { connection.pendingInput.removeFirst(offset) }
            if answered > 0 {
                connection.waitingSince = clock.now
                webDeadlines?.waiting(connection.id, now: connection.waitingSince)
            }
        }
        if backlogged, let httpBacklog {
            if !connection.readPaused { connection.pauseReading() }
            httpBacklog.add(connection.id)
        } else {
            connection.resumeReading()
        }
    }

    /// The request at `offset` in the held bytes; its length when it was answered and the
    /// connection waits for the next, nil when it is not whole yet or the connection ends (or
    /// becomes a WebSocket).
    private func serveRequest(on connection: Connection, at offset: Int) -> Int? {
        switch HTTPRequest.parse(connection.pendingInput, from: offset) {
        case .incomplete:
            return nil
        case .tooLarge:
            respond(.error(413, "The request head is larger than \(Limits.httpHeadBytes) bytes."), headOnly: false, on: connection)
            return nil
        case .malformed(let why):
            respond(.error(400, why), headOnly: false, on: connection)
            return nil
        case .complete(let request, let length):
            logger.debug("http", metadata: ["id": "\(connection.id)", "peer": "\(connection.peer)",
                                            "method": "\(request.method)", "path": "\(request.path)"])
            switch WebExchange.answer(request, site: Pages.site, joinURL: core.joinURL ?? "", hosts: hostPolicy, qrCodes: qrCodes,
                                      isRoom: core.isRoom) {
            case .respond(let response, let headOnly):
                guard request.keepsAlive, WebExchange.keepsAlive(after: response) else {
                    respond(response, headOnly: headOnly, on: connection)
                    return nil
                }
                connection.sendRaw(Payload(response.rendered(headOnly: headOnly, keepAlive: true)))
                return length
            case .upgrade(let response):
                let rest = Array(connection.pendingInput[(offset + length)...])
                connection.pendingInput = []
                connection.sendRaw(Payload(response.rendered()))
                connection.webSocket = WebSocketChannel(maxMessageBytes: options.core.maxLineBytes + 2) { [unowned connection] bytes in
                    connection.sendRaw(Payload(bytes))
                }
                welcome(connection, format: .json)
                if !rest.isEmpty, connection.state == .open {
                    rest.withUnsafeBytes { receivedFrames($0, on: connection) }
                }
                return nil
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
            _ = got.lines.withUnsafeBytes { runner.receive(connection.id, $0, now: clock.now, arrived: arrivalFloor) }
        }
        if got.closing { connection.closeAfterFlush() }
    }

    /// Silent for `Limits.silentWelcomeMs`: a person at netcat waiting for the welcome (no
    /// browser keeps an unused socket this long).
    ///
    /// libuv runs timers before it polls for I/O, so after a stall of the loop (a busy laptop)
    /// the silence can end with bytes already waiting, unread, in the socket: the socket is
    /// asked first, and such a connection is left to its read.
    func silenceEnded(_ id: ConnectionID) {
        guard let connection = connections(id), connection.state == .open, connection.transport == .sniffing,
              connection.pendingInput.isEmpty, !connection.hasUnreadInput else { return }
        welcome(connection, format: .text)
    }

    /// A request begun and not finished within `Limits.httpHeadTimeoutMs` of its first byte
    /// (slowloris): closed without an answer (RFC 9110 allows it; a client this slow is not
    /// waiting for one). A socket that has sent nothing is left to its silence or idle limit.
    func headTimedOut(_ id: ConnectionID) {
        guard let connection = connections(id), connection.state == .open,
              connection.transport == .sniffing || connection.transport == .http,
              let deadlines = webDeadlines, connection.waitingSince + deadlines.headMs <= clock.now,
              !connection.pendingInput.isEmpty else { return }
        drop(connection, reason: "HTTP request head timed out")
    }

    /// A kept-alive connection that asked for nothing more within `Limits.httpKeepAliveIdleMs`
    /// of its last answer: closed, so idle sockets do not hold descriptors (or a class's share
    /// of the per-address limit).
    func idleEnded(_ id: ConnectionID) {
        guard let connection = connections(id), connection.state == .open, connection.transport == .http,
              let deadlines = webDeadlines, connection.waitingSince + deadlines.idleMs <= clock.now,
              connection.pendingInput.isEmpty, !connection.hasUnreadInput else { return }
        connection.closeAfterFlush()
    }
}
