import CEpoll
import Glibc

/// The terminal the screens draw on: whether to redraw in place at all, its size, and raw
/// keystrokes for the line being typed.
///
/// Owned by the main thread.
package final class Terminal {
    /// Redraw in place only for a person at a terminal; a pipe or NO_COLOR gets plain lines.
    package static var wantsScreen: Bool {
        isatty(STDOUT_FILENO) == 1 && isatty(STDIN_FILENO) == 1 && getenv("NO_COLOR") == nil
    }

    private var saved = termios()
    private var raw = false

    package var size: (columns: Int, rows: Int) {
        var ws = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0 {
            return (Int(ws.ws_col), Int(ws.ws_row))
        }
        return (80, 24)
    }

    /// Keys arrive one by one and are not echoed: the screen draws the line being typed itself.
    /// Ctrl-C arrives as a key too, so leaving always goes through the same clean path.
    package func enterRaw() {
        guard !raw, tcgetattr(STDIN_FILENO, &saved) == 0 else { return }
        var t = saved
        t.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        t.c_iflag &= ~tcflag_t(IXON | ICRNL)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &t)
        raw = true
        write("\u{1B}[?1049h\u{1B}[?25l")  // alternate screen, cursor hidden
    }

    package func restore() {
        guard raw else { return }
        write("\u{1B}[?25h\u{1B}[?1049l")
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
        raw = false
    }

    package func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress! + offset, $0.count - offset) }
            if n <= 0 { if errno == EINTR || errno == EAGAIN { continue }; return }
            offset += n
        }
    }

    deinit { restore() }
}

/// Styled text for the screens; styles are dropped entirely when colour is off.
package struct Styled {
    package var text: String
    package var codes: String = ""

    package static func plain(_ t: String) -> Styled { Styled(text: t) }
    package static func bold(_ t: String) -> Styled { Styled(text: t, codes: "1") }
    package static func dim(_ t: String) -> Styled { Styled(text: t, codes: "2") }
    package static func green(_ t: String) -> Styled { Styled(text: t, codes: "1;32") }
    package static func red(_ t: String) -> Styled { Styled(text: t, codes: "1;31") }
    package static func yellow(_ t: String) -> Styled { Styled(text: t, codes: "1;33") }
    package static func cyan(_ t: String) -> Styled { Styled(text: t, codes: "1;36") }
    package static func inverse(_ t: String) -> Styled { Styled(text: t, codes: "7") }
}

/// A full screen of lines, drawn over the previous one without clearing first (no flicker).
package struct Frame {
    package var lines: [[Styled]] = []

    package mutating func add(_ parts: Styled...) { lines.append(parts) }
    package mutating func add(_ parts: [Styled]) { lines.append(parts) }
    package mutating func blank() { lines.append([]) }

    package func render(columns: Int, rows: Int) -> String {
        var out = "\u{1B}[H"
        for (i, line) in lines.prefix(rows).enumerated() {
            var width = 0
            for part in line where width < columns {
                let text = String(part.text.prefix(columns - width))
                width += text.count
                out += part.codes.isEmpty ? text : "\u{1B}[\(part.codes)m\(text)\u{1B}[0m"
            }
            out += "\u{1B}[K"
            if i < min(lines.count, rows) - 1 { out += "\r\n" }
        }
        return out + "\u{1B}[J"
    }
}
