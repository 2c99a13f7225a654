/// Which of the three formats a file's text is, and its rows read that way.
enum SetFileFormat {
    case chalkline(ChalklineCSV, rows: ArraySlice<CSVRow>, separator: Unicode.Scalar)
    case kahoot(KahootTemplate, rows: ArraySlice<CSVRow>)
    case terms([CSVRow])
    case badHeader(line: Int, reason: Say)
    case unclosed(line: Int)
    /// None of them; the line is the first non-blank one.
    case none(line: Int)

    /// Commas first, then semicolons (a comma-decimal language's spreadsheet), then tabs (a
    /// header row copied out of a spreadsheet).
    static let separators: [Unicode.Scalar] = [",", ";", "\t"]

    static func of(_ text: String) -> SetFileFormat {
        // The rows before a quote that never closes still tell the format; the quote is the
        // file's problem only when that format is chosen.
        let parsed = separators.map { (separator: $0, read: CSVRows.read(text, separator: $0)) }
        for (separator, read) in parsed {
            guard let first = read.rows.firstIndex(where: { !$0.isBlank }),
                  let columns = ChalklineCSV.columns(of: read.rows[first].fields) else { continue }
            switch columns {
            case .failure(let refused):
                return .badHeader(line: read.rows[first].line, reason: refused.say)
            case .success(let columns):
                if let line = read.unclosed { return .unclosed(line: line) }
                return .chalkline(columns, rows: read.rows[(first + 1)...], separator: separator)
            }
        }
        for (_, read) in parsed {
            guard let header = read.rows.firstIndex(where: { KahootTemplate.columns(of: $0.fields) != nil }) else { continue }
            if let line = read.unclosed { return .unclosed(line: line) }
            return .kahoot(KahootTemplate.columns(of: read.rows[header].fields)!, rows: read.rows[(header + 1)...])
        }
        let terms = TermLines.rows(text)
        let first = terms.first { !$0.isBlank }
        if let first, first.fields.count > 1 { return .terms(terms) }
        if let line = parsed[0].read.unclosed { return .unclosed(line: line) }
        return .none(line: first?.line ?? 1)
    }
}
