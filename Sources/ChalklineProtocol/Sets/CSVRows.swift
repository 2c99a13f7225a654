/// One row of a CSV file: its fields, and the line of the file it starts on (a quoted field
/// may run over several lines, so rows and lines are not the same count).
struct CSVRow: Equatable {
    var line: Int
    var fields: [String]

    /// Every field empty or spaces: a blank line, or a spreadsheet's row of empty cells.
    var isBlank: Bool { fields.allSatisfy { SetText.trimmed($0).isEmpty } }
}

/// RFC 4180 rows: fields split by `separator`, a quoted field may hold the separator, doubled
/// quotes and line breaks; CRLF, LF or CR end a row. Lenient where a hand-typed file is
/// harmless: spaces before an opening quote are dropped, a quote inside an unquoted field is
/// kept as it is, text after a closing quote is kept.
enum CSVRows {
    /// The rows of `text`; when a quoted field never ends, the rows before its row and the
    /// line the quote opened on. Line breaks inside quoted fields come back as `\n`. Without
    /// `quoting`, a quote is a character like any other (flashcard apps' tab-separated lines
    /// are never quoted).
    static func read(_ text: String, separator: Unicode.Scalar, quoting: Bool = true) -> (rows: [CSVRow], unclosed: Int?) {
        let s = Array(text.unicodeScalars)
        var rows: [CSVRow] = []
        var fields: [String] = []
        var field = String.UnicodeScalarView()
        var line = 1
        var rowLine = 1
        var inQuotes = false
        var quoteLine = 0
        var quoted = false
        var i = 0
        func endField() {
            fields.append(String(field))
            field = String.UnicodeScalarView()
            quoted = false
        }
        while i < s.count {
            let c = s[i]
            i += 1
            if inQuotes {
                switch c {
                case "\"":
                    if i < s.count && s[i] == "\"" {
                        field.append("\"")
                        i += 1
                    } else {
                        inQuotes = false
                    }
                case "\r", "\n":
                    if c == "\r" && i < s.count && s[i] == "\n" { i += 1 }
                    field.append("\n")
                    line += 1
                default:
                    field.append(c)
                }
                continue
            }
            switch c {
            case separator:
                endField()
            case "\"" where quoting && !quoted && field.allSatisfy({ $0 == " " || $0 == "\t" }):
                field = String.UnicodeScalarView()
                inQuotes = true
                quoted = true
                quoteLine = line
            case "\r", "\n":
                if c == "\r" && i < s.count && s[i] == "\n" { i += 1 }
                endField()
                rows.append(CSVRow(line: rowLine, fields: fields))
                fields = []
                line += 1
                rowLine = line
            default:
                field.append(c)
            }
        }
        if inQuotes { return (rows, quoteLine) }
        if !fields.isEmpty || !field.isEmpty || quoted {
            endField()
            rows.append(CSVRow(line: rowLine, fields: fields))
        }
        return (rows, nil)
    }
}
