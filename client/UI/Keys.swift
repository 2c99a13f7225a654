/// A key as the screens use it, read from the raw bytes of a terminal.
package enum Key: Equatable {
    case text(String)
    case enter, backspace, clearLine, escape, interrupt
    case pageUp, pageDown, up, down
}

/// Turns stdin's bytes into keys: UTF-8 characters whole, and the escape sequences of the keys
/// the screens use (PgUp `ESC [ 5 ~`, PgDn `ESC [ 6 ~`, arrows `ESC [ A`). An ESC that ends a
/// read is the Esc key itself: a terminal sends a sequence in one write, so the rest would have
/// come with it. Other sequences are swallowed whole, never typed.
package struct KeyReader {
    private var pending: [UInt8] = []

    package mutating func keys(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var i = 0
        while i < pending.count {
            let byte = pending[i]
            switch byte {
            case 0x1B:
                guard i + 1 < pending.count else { keys.append(.escape); i += 1; continue }
                guard pending[i + 1] == UInt8(ascii: "[") || pending[i + 1] == UInt8(ascii: "O") else {
                    keys.append(.escape); i += 1; continue
                }
                // CSI/SS3: parameters, then a final byte in @...~.
                var end = i + 2
                while end < pending.count, !(0x40...0x7E).contains(pending[end]) { end += 1 }
                guard end < pending.count else { i = pending.count; continue }
                let body = String(decoding: pending[(i + 2)..<end], as: UTF8.self)
                switch (body, pending[end]) {
                case ("5", UInt8(ascii: "~")): keys.append(.pageUp)
                case ("6", UInt8(ascii: "~")): keys.append(.pageDown)
                case ("", UInt8(ascii: "A")): keys.append(.up)
                case ("", UInt8(ascii: "B")): keys.append(.down)
                default: break
                }
                i = end + 1
            case 0x03, 0x04: keys.append(.interrupt); i += 1
            case 0x0D, 0x0A: keys.append(.enter); i += 1
            case 0x7F, 0x08: keys.append(.backspace); i += 1
            case 0x15: keys.append(.clearLine); i += 1
            case ..<0x20: i += 1
            default:
                let length = byte < 0xC0 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
                guard i + length <= pending.count else {
                    pending = Array(pending[i...])
                    return keys
                }
                if let text = String(validating: pending[i..<(i + length)], as: UTF8.self) { keys.append(.text(text)) }
                i += length
            }
        }
        pending = []
        return keys
    }
}
