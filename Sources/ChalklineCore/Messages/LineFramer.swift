/// One complete client line, or the reason a line was refused.
public enum FramedLine: Equatable, Sendable {
    case line(String)
    /// The line passed the byte limit; the rest of it, up to the next LF, is discarded.
    case tooLong
    /// The line was not valid UTF-8 and is discarded.
    case badUTF8
}

/// Splits a byte stream into lines the way protocol.md promises: LF ends a line, a CR before it
/// is dropped, telnet IAC negotiation is removed, and no line may pass `maxBytes`.
///
/// It keeps at most `maxBytes` of a pending line, so a client that never sends LF cannot grow
/// the server's memory. Whole lines are read straight from the bytes received, so `pending`
/// holds only a line split between reads and is let go once that line is done: ten thousand
/// idle connections hold no line buffer at all.
public struct LineFramer: Sendable {
    public let maxBytes: Int
    private var pending: [UInt8] = []
    private var discarding = false
    private var telnet = TelnetState.data

    private enum TelnetState: Sendable {
        case data, command, option, subnegotiation, subnegotiationIAC
    }

    public init(maxBytes: Int = 1024) {
        self.maxBytes = maxBytes
    }

    /// Bytes held for an unfinished line.
    public var pendingCount: Int { pending.count }

    public mutating func push(_ bytes: UnsafeRawBufferPointer, into lines: inout [FramedLine]) {
        var start = 0
        // The usual case: nothing pending, and whole lines with no telnet byte in them.
        while pending.isEmpty, !discarding, telnet == .data,
              let end = bytes[start...].firstIndex(of: 0x0A) {
            var last = end
            let length = end - start
            if bytes[start..<end].contains(0xFF) { break }
            if length > maxBytes && !(length == maxBytes + 1 && bytes[end - 1] == 0x0D) { break }
            if length > 0 && bytes[end - 1] == 0x0D { last -= 1 }
            if let text = String(validating: UnsafeRawBufferPointer(rebasing: bytes[start..<last]), as: UTF8.self) {
                lines.append(.line(text))
            } else {
                lines.append(.badUTF8)
            }
            start = end + 1
        }
        for byte in bytes[start...] {
            switch telnet {
            case .data:
                if byte == 0xFF { telnet = .command; continue }
                accept(byte, into: &lines)
            case .command:
                switch byte {
                case 0xFF: telnet = .data; accept(byte, into: &lines)  // escaped 255: a data byte
                case 0xFB...0xFE: telnet = .option                      // WILL WONT DO DONT + option
                case 0xFA: telnet = .subnegotiation                     // SB ... IAC SE
                default: telnet = .data                                 // two-byte command
                }
            case .option:
                telnet = .data
            case .subnegotiation:
                if byte == 0xFF { telnet = .subnegotiationIAC }
            case .subnegotiationIAC:
                telnet = byte == 0xF0 ? .data : .subnegotiation
            }
        }
    }

    public mutating func push(_ bytes: [UInt8]) -> [FramedLine] {
        var lines: [FramedLine] = []
        bytes.withUnsafeBytes { push($0, into: &lines) }
        return lines
    }

    private mutating func accept(_ byte: UInt8, into lines: inout [FramedLine]) {
        if byte == 0x0A {
            if discarding {
                discarding = false
            } else {
                if pending.last == 0x0D { pending.removeLast() }
                if let text = String(validating: pending, as: UTF8.self) {
                    lines.append(.line(text))
                } else {
                    lines.append(.badUTF8)
                }
            }
            pending = []
            return
        }
        if discarding { return }
        // A CR one past the limit is allowed: the LF that should follow strips it.
        guard pending.count < maxBytes || (pending.count == maxBytes && byte == 0x0D) else {
            discarding = true
            pending.removeAll(keepingCapacity: true)
            lines.append(.tooLong)
            return
        }
        pending.append(byte)
    }
}
