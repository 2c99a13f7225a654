import ChalklineCore

/// One in-process connection: what the core sent it waits here until the test reads it.
/// Reading with a timeout moves the clock from deadline to deadline until the line is there,
/// so "wait for the line I expect" means the same in-process as live, in virtual time.
final class InProcessChannel: LineChannel {
    let id: ConnectionID
    /// Held strongly: a scenario may drop its harness once it has its clients (Swift may end a
    /// local's life at its last use), and the clients must keep the server going.
    private let server: InProcessServer
    private var inbox: [String] = []
    private var partial = ""
    private var open = true
    private var sending = true

    init(id: ConnectionID, server: InProcessServer) {
        self.id = id
        self.server = server
    }

    func deliver(_ text: String) {
        guard open else { return }
        partial += text
        while let lf = partial.firstIndex(of: "\n") {
            inbox.append(String(partial[..<lf]))
            partial = String(partial[partial.index(after: lf)...])
        }
    }

    func serverClosed() { open = false }

    func dropInbox() { inbox = [] }

    var inProcessServer: InProcessServer? { server }

    func write(_ bytes: [UInt8]) throws {
        // A connection the server closed drops what it is sent, as a dead socket does.
        guard open, sending else { return }
        server.receive(id, bytes)
    }

    func deadline(in seconds: Double) -> Double { Double(server.now) / 1000 + seconds }

    func readLine(until deadline: Double) throws -> String? {
        let limit = Millis((deadline * 1000).rounded())
        var steps = 0
        while inbox.isEmpty {
            if !open { return nil }
            steps += 1
            guard steps < 100_000, server.advanceToNextDeadline(notAfter: limit) else {
                throw DeadlinePassed("nothing arrived on \(id) by \(limit) ms (in-process clock)")
            }
        }
        return inbox.removeFirst()
    }

    func lines(for seconds: Double) -> [String] {
        server.advance(by: Millis((seconds * 1000).rounded()))
        return linesAlreadyHere()
    }

    func linesAlreadyHere() -> [String] {
        defer { inbox = [] }
        return inbox
    }

    func finishSending() { sending = false }

    func hangUp() {
        guard open else { return }
        open = false
        server.disconnect(id)
    }
}
