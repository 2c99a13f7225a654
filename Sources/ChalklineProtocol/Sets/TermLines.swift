/// The `term<TAB>definition` lines flashcard apps export: no header, no quoting; the term is
/// asked, the definition is the answer, and more columns are more accepted answers.
enum TermLines {
    static func rows(_ text: String) -> [CSVRow] {
        CSVRows.read(text, separator: "\t", quoting: false).rows
    }

    static func question(_ row: CSVRow) -> Result<SetQuestion, Refused> {
        let term = SetText.trimmed(row.fields[0])
        let definitions = row.fields.dropFirst().filter { !SetText.trimmed($0).isEmpty }
        if term.isEmpty { return .failure(Refused("error.setfile.term_empty")) }
        if definitions.isEmpty { return .failure(Refused("error.setfile.definition_empty")) }
        return SetRow.question(text: term, answers: Array(definitions))
    }
}
