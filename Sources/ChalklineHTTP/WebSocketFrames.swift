/// The frames the server sends: one unmasked, unfragmented text frame per protocol line.
///
/// wslay reads the client's frames (masking, fragments, control frames, UTF-8 and size checks),
/// but the server's data frames are written here: wslay's event API copies every message into
/// each connection's own queue, and a broadcast goes to a whole room. A server frame is only a
/// 2-, 4- or 10-byte header before the line (RFC 6455 section 5.2), so one event is framed once
/// and the same bytes go to every WebSocket in the room.
public enum WebSocketFrames {
    /// Every line of `payload` (JSON lines, each ending in `\n`) as a text frame without its `\n`.
    public static func textFrames(_ payload: UnsafeRawBufferPointer) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(payload.count + 10)
        var start = 0
        let newline = UInt8(ascii: "\n")
        for index in 0...payload.count {
            guard index == payload.count || payload[index] == newline else { continue }
            if index > start || index < payload.count {
                appendHeader(opcode: 0x1, length: index - start, to: &out)
                out.append(contentsOf: payload[start..<index])
            }
            start = index + 1
        }
        return out
    }

    /// A close frame with `code` and `reason` (cut to fit a control frame's 125 bytes).
    public static func close(code: UInt16, reason: String) -> [UInt8] {
        let reasonBytes = Array(reason.utf8.prefix(123))
        var out: [UInt8] = []
        appendHeader(opcode: 0x8, length: 2 + reasonBytes.count, to: &out)
        return out + [UInt8(code >> 8), UInt8(code & 0xFF)] + reasonBytes
    }

    /// FIN set, no mask: `opcode` and the shortest length encoding the RFC requires.
    static func appendHeader(opcode: UInt8, length: Int, to out: inout [UInt8]) {
        out.append(0x80 | opcode)
        switch length {
        case ..<126:
            out.append(UInt8(length))
        case ..<65_536:
            out.append(126)
            out.append(UInt8(length >> 8))
            out.append(UInt8(length & 0xFF))
        default:
            out.append(127)
            for shift in stride(from: 56, through: 0, by: -8) { out.append(UInt8((length >> shift) & 0xFF)) }
        }
    }

    /// How many bytes a client frame whose payload is `length` bytes takes on the wire, with
    /// its mask and the shortest length encoding: for telling when every byte received so far
    /// belonged to a whole frame.
    public static func clientFrameSize(payload length: UInt64) -> UInt64 {
        let extended: UInt64 = length < 126 ? 0 : (length < 65_536 ? 2 : 8)
        return 2 + extended + 4 + length
    }
}
