/// Text that came from a client and is about to be shown back: control characters are removed so
/// that nobody can send a terminal escape (colours, cursor moves, a cleared screen, a bell) or a
/// NUL to another screen through the server, even inside an error message.
enum Visible {
    /// Removes C0 and C1 control characters (NUL, ESC, DEL, ...) together with the ANSI escape
    /// sequence an ESC starts, and the bidirectional overrides that reorder what a line shows.
    static func clean(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var out = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        while let s = scalars.next() {
            if s == "\u{1B}" {
                skipEscape(&scalars)
            } else if s == "\u{9B}" {
                skipCSI(&scalars)
            } else if !isUnsafe(s) {
                out.append(s)
            }
        }
        return String(out)
    }

    /// `text` with every character that draws nothing written as `<U+0000>`: a command a
    /// student typed with a stray NUL or zero-width space must not read back as the real one.
    static func shown(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isUnsafe($0) || Script.hidden($0) }) else { return text }
        var out = ""
        for s in text.unicodeScalars {
            if isUnsafe(s) || Script.hidden(s) {
                let hex = String(s.value, radix: 16, uppercase: true)
                out += "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
            } else {
                out.unicodeScalars.append(s)
            }
        }
        return out
    }

    static func isUnsafe(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        default: false
        }
    }

    /// After ESC: `[` starts a CSI sequence; `]` an OSC one (ended by BEL or ESC \); any other
    /// character is a two-character escape and goes with it.
    private static func skipEscape(_ it: inout String.UnicodeScalarView.Iterator) {
        guard let next = it.next() else { return }
        switch next {
        case "[": skipCSI(&it)
        case "]", "P", "_", "^":
            while let s = it.next() {
                if s == "\u{07}" { return }
                if s == "\u{1B}" { _ = it.next(); return }
            }
        default: return
        }
    }

    /// Parameters and intermediates (0x20–0x3F) up to the final byte (0x40–0x7E).
    private static func skipCSI(_ it: inout String.UnicodeScalarView.Iterator) {
        while let s = it.next() {
            if (0x40...0x7E).contains(s.value) || !(0x20...0x3F).contains(s.value) { return }
        }
    }
}

/// The address a connection comes from, as the per-address limit counts it: the host part of
/// the shell's peer text, with IPv4-mapped IPv6 (`::ffff:10.0.0.7`) read as the IPv4 address it is.
public enum PeerAddress {
    public static func key(_ peer: String) -> String {
        var host = peer
        if host.hasPrefix("["), let close = host.firstIndex(of: "]") {
            host = String(host[host.index(after: host.startIndex)..<close])
        } else if host.filter({ $0 == ":" }).count == 1, let colon = host.firstIndex(of: ":") {
            host = String(host[..<colon])  // "10.0.0.7:51234"
        }
        let lower = host.lowercased()
        if lower.hasPrefix("::ffff:"), lower.dropFirst(7).contains(".") { return String(lower.dropFirst(7)) }
        return lower
    }
}
