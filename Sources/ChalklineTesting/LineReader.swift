import Foundation

/// Reads LF-terminated lines (or exact byte counts, for WebSocket frames) from a file
/// descriptor, waiting with `poll` up to a deadline, so a test waits for what it expects
/// instead of sleeping.
public final class LineReader {
    public let fd: Int32
    private var buffer: [UInt8] = []
    public private(set) var eof = false

    public init(fd: Int32) { self.fd = fd }

    /// The next line (without LF), nil at end of stream; throws when the deadline passes.
    public func readLine(deadline: Date) throws -> String? {
        while true {
            if let lf = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<lf], as: UTF8.self)
                buffer.removeSubrange(...lf)
                return line
            }
            if eof { return nil }
            try fill(deadline: deadline, waitingFor: "a line")
        }
    }

    /// The next `count` bytes, nil if the stream ends first; throws when the deadline passes.
    public func read(_ count: Int, deadline: Date) throws -> [UInt8]? {
        while buffer.count < count {
            if eof { return nil }
            try fill(deadline: deadline, waitingFor: "\(count) bytes")
        }
        defer { buffer.removeSubrange(..<count) }
        return Array(buffer[..<count])
    }

    /// The whole lines that have already arrived, without waiting for more.
    public func linesAlreadyHere() -> [String] {
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while !eof, poll(&pfd, 1, 0) > 0 { readOnce() }
        var lines: [String] = []
        while let lf = buffer.firstIndex(of: 0x0A) {
            lines.append(String(decoding: buffer[..<lf], as: UTF8.self))
            buffer.removeSubrange(...lf)
        }
        return lines
    }

    /// Waits (at most a second at a time) for bytes and appends them, or notes the end of stream.
    private func fill(deadline: Date, waitingFor what: String) throws {
        let remaining = deadline.timeIntervalSinceNow
        if remaining <= 0 { throw DeadlinePassed("timed out waiting for \(what) (have: \(String(decoding: buffer, as: UTF8.self)))") }
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&pfd, 1, Int32(min(remaining * 1000, 1000)) + 1)
        if ready <= 0 { return }
        readOnce()
    }

    private func readOnce() {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = Glibc.read(fd, &chunk, chunk.count)
        if n <= 0 { eof = true; return }
        buffer.append(contentsOf: chunk[..<n])
    }
}
