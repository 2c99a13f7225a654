/// One complete line, or the reason a line was refused.
public enum FramedLine: Equatable, Sendable {
    case line(String)
    /// The line passed the byte limit; the rest of it, up to the next LF, is discarded.
    case tooLong
    /// The line was not valid UTF-8 and is discarded.
    case badUTF8

    /// A framed line read as text: the server refuses what is not UTF-8 instead of guessing.
    public init(_ raw: LineFramer.Raw) {
        switch raw {
        case .tooLong: self = .tooLong
        case .bytes(let bytes): self = String(validating: bytes, as: UTF8.self).map(FramedLine.line) ?? .badUTF8
        }
    }
}

/// Splits a byte stream into lines the way protocol.md promises: LF ends a line, a CR before it
/// is dropped, telnet IAC negotiation is removed, and no line may pass `maxBytes`. Server and
/// client both frame with it, so neither side can be made to hold an endless line.
///
/// It keeps at most `maxBytes` of a pending line, so a peer that never sends LF cannot grow
/// memory. Whole lines are read straight from the bytes received, so `pending` holds only a
/// line split between reads and is let go once that line is done: ten thousand idle
/// connections hold no line buffer at all.
public struct LineFramer: Sendable {
    /// A line as the bytes received (no LF, no CR before it), valid only during the callback
    /// that hands it over: the client's bench reads thousands of lines in place without
    /// building a `String` for each.
    public enum Raw {
        case bytes(UnsafeRawBufferPointer)
        case tooLong
    }

    public let maxBytes: Int
    private var pending: [UInt8] = []
    private var discarding = false
    private var telnet = TelnetState.data

    private enum TelnetState: Sendable {
        case data, command, option, subnegotiation, subnegotiationIAC
    }

    private static let lf: UInt8 = 0x0A, cr: UInt8 = 0x0D, iac: UInt8 = 0xFF

    public init(maxBytes: Int = 1024) {
        self.maxBytes = maxBytes
    }

    /// Bytes held for an unfinished line.
    public var pendingCount: Int { pending.count }

    public mutating func push(_ bytes: UnsafeRawBufferPointer, into lines: inout [FramedLine]) {
        push(bytes) { lines.append(FramedLine($0)) }
    }

    public mutating func push(_ bytes: [UInt8]) -> [FramedLine] {
        var lines: [FramedLine] = []
        bytes.withUnsafeBytes { push($0, into: &lines) }
        return lines
    }

    /// Hands each line completed by `bytes` to `each`, in order. Runs of data between line
    /// ends are scanned and copied whole, so a line split over many reads costs a copy, not a
    /// step per byte.
    public mutating func push(_ bytes: UnsafeRawBufferPointer, each: (Raw) -> Void) {
        var start = 0
        while start < bytes.count {
            guard telnet == .data else {
                negotiate(bytes[start], each)
                start += 1
                continue
            }
            var end = start
            while end < bytes.count, bytes[end] != Self.lf, bytes[end] != Self.iac { end += 1 }
            if end < bytes.count, bytes[end] == Self.lf, pending.isEmpty, !discarding {
                whole(UnsafeRawBufferPointer(rebasing: bytes[start..<end]), each)
            } else {
                take(UnsafeRawBufferPointer(rebasing: bytes[start..<end]), each)
                if end < bytes.count {
                    if bytes[end] == Self.lf { finish(each) } else { telnet = .command }
                }
            }
            start = end + 1
        }
    }

    /// A line wholly inside one read: handed over in place, with no copy.
    private func whole(_ line: UnsafeRawBufferPointer, _ each: (Raw) -> Void) {
        var length = line.count
        if length > 0 && line[length - 1] == Self.cr { length -= 1 }
        each(length > maxBytes ? .tooLong : .bytes(UnsafeRawBufferPointer(rebasing: line[0..<length])))
    }

    /// Data for the pending line, up to the limit. A CR one past the limit is allowed: the LF
    /// that should follow strips it.
    private mutating func take(_ run: UnsafeRawBufferPointer, _ each: (Raw) -> Void) {
        guard !discarding, !run.isEmpty else { return }
        let room = maxBytes - pending.count
        if run.count <= room || (run.count == room + 1 && run[run.count - 1] == Self.cr) {
            pending.append(contentsOf: run)
        } else {
            discarding = true
            pending.removeAll(keepingCapacity: true)
            each(.tooLong)
        }
    }

    private mutating func finish(_ each: (Raw) -> Void) {
        if discarding {
            discarding = false
        } else {
            let length = pending.last == Self.cr ? pending.count - 1 : pending.count
            pending.withUnsafeBytes { each(.bytes(UnsafeRawBufferPointer(rebasing: $0[0..<length]))) }
        }
        pending = []
    }

    /// One byte of a telnet command: removed from the stream, except an escaped 255.
    private mutating func negotiate(_ byte: UInt8, _ each: (Raw) -> Void) {
        switch telnet {
        case .data: break
        case .command:
            switch byte {
            case Self.iac:                                      // escaped 255: a data byte
                telnet = .data
                withUnsafeBytes(of: byte) { take($0, each) }
            case 0xFB...0xFE: telnet = .option                  // WILL WONT DO DONT + option
            case 0xFA: telnet = .subnegotiation                 // SB ... IAC SE
            default: telnet = .data                             // two-byte command
            }
        case .option:
            telnet = .data
        case .subnegotiation:
            if byte == Self.iac { telnet = .subnegotiationIAC }
        case .subnegotiationIAC:
            telnet = byte == 0xF0 ? .data : .subnegotiation
        }
    }
}
