import ChalklineProtocol
import Foundation
import CEpoll
import Glibc

/// `--room CODE` with no address: the server on the network that has that room. Each server
/// found with DNS-SD is asked for its `/rooms`, page by page, on a short blocking connection
/// (the command line has nothing else to do meanwhile).
package enum RoomFinder {
    package static func find(_ code: String) throws -> Endpoint {
        let servers: [FoundServer]
        switch Discovery.browse() {
        case .success(let found): servers = found
        case .failure:
            // No Avahi here: the server is this machine's, as it always was without an address.
            return Endpoint()
        }
        if servers.isEmpty { return Endpoint() }
        for server in servers where (try? rooms(at: server.endpoint).contains(code.uppercased())) == true {
            return server.endpoint
        }
        let seen = servers.map { "\($0.name) (\($0.host) \($0.address):\($0.port))" }.joined(separator: ", ")
        throw ClientError("No server on the network has room \(code.uppercased()). Servers seen: \(seen). Give the address before --room to use another.")
    }

    /// Every room code a server has open.
    package static func rooms(at endpoint: Endpoint, timeout: Double = 2) throws -> Set<String> {
        let connection = try BlockingLines(endpoint, timeout: timeout)
        try connection.send("/format json")
        var codes: Set<String> = []
        var page = 1, pages = 1
        repeat {
            try connection.send("/rooms \(page)")
            while true {
                guard let message = ServerMessage(line: try connection.line()) else { continue }
                guard message.event == .ok, message.cmd == "rooms" else { continue }
                for room in message.list("rooms") { if let code = room["code"]?.stringValue { codes.insert(code) } }
                pages = message.int("pages") ?? 1
                break
            }
            page += 1
        } while page <= pages
        try connection.send("/quit")
        return codes
    }
}

/// A plain socket with a receive timeout, reading lines: for the finder's few questions.
package final class BlockingLines {
    private let fd: Int32
    /// The same framer and limit as `LineConnection`'s.
    private var framer: LineFramer
    private var lines: [String] = []
    /// A line past the limit came after `lines`: an error once they are read.
    private var overlong = false

    package init(_ endpoint: Endpoint, timeout: Double, maxLineBytes: Int = LineConnection.maxLineBytes) throws {
        framer = LineFramer(maxBytes: maxLineBytes)
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(endpoint.host, String(endpoint.port), &hints, &list) == 0, let info = list else {
            throw ClientError("cannot resolve \(endpoint.host)")
        }
        defer { freeaddrinfo(list) }
        fd = socket(info.pointee.ai_family, Int32(SOCK_STREAM.rawValue), 0)
        var tv = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - Double(Int(timeout))) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        guard connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
            close(fd)
            throw ClientError("cannot connect to \(endpoint.host):\(endpoint.port)")
        }
    }

    deinit { close(fd) }

    package func send(_ line: String) throws {
        let bytes = Array((line + "\n").utf8)
        guard bytes.withUnsafeBytes({ Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == bytes.count else {
            throw ClientError("the server closed the connection")
        }
    }

    package func line() throws -> String {
        while true {
            if !lines.isEmpty { return lines.removeFirst() }
            guard !overlong else { throw ClientError("the server sent a line over \(framer.maxBytes) bytes") }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { throw ClientError("no answer from the server") }
            var read: [String] = [], tooLong = false
            chunk.withUnsafeBytes { bytes in
                framer.push(UnsafeRawBufferPointer(rebasing: bytes[..<n])) { line in
                    switch line {
                    case .bytes(let text): if !tooLong { read.append(String(decoding: text, as: UTF8.self)) }
                    case .tooLong: tooLong = true
                    }
                }
            }
            lines += read
            overlong = tooLong
        }
    }
}
