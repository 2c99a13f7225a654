/// The text of a set file before its format is known: bytes to UTF-8 text (a BOM dropped), and
/// the trimming every field gets.
enum SetText {
    struct NotUTF8: Error {
        var line: Int
        var reason: Say
    }

    /// The file's text, or the line where it stops being UTF-8: a spreadsheet's plain "CSV" on
    /// Windows is Windows-1252, and "Unicode Text" is UTF-16; both are refused with the fix.
    static func decode(_ bytes: [UInt8]) -> Result<String, NotUTF8> {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            return .failure(NotUTF8(line: 1, reason: Say("error.setfile.utf16")))
        }
        if let text = String(validating: bytes, as: UTF8.self) { return .success(withoutBOM(text)) }
        var parser = Unicode.UTF8.ForwardParser()
        var input = bytes.makeIterator()
        var line = 1
        while true {
            switch parser.parseScalar(from: &input) {
            case .valid(let scalar):
                if scalar.count == 1 && scalar.first == 0x0A { line += 1 }
            case .error:
                return .failure(NotUTF8(line: line, reason: Say("error.setfile.not_utf8_line")))
            case .emptyInput:
                return .failure(NotUTF8(line: line, reason: Say("error.setfile.not_utf8")))
            }
        }
    }

    static func withoutBOM(_ text: String) -> String {
        text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
    }

    /// Spaces (any kind, no-break ones included) and line breaks at the ends dropped: what a
    /// spreadsheet's cell padding or a stray space after a comma must not change.
    static func trimmed(_ field: String) -> String {
        let isSpace: (Character) -> Bool = { $0.isWhitespace }
        guard let first = field.firstIndex(where: { !isSpace($0) }),
              let last = field.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(field[first...last])
    }

    /// A field that is empty after trimming, or nil: for optional columns.
    static func nonEmpty(_ field: String?) -> String? {
        field.map(trimmed).flatMap { $0.isEmpty ? nil : $0 }
    }
}
