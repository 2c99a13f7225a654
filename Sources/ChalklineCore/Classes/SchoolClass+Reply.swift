/// A class as `/class` replies show it: the list with codes for the teacher (the desk prints
/// the card sheet from it), and one line of it for the list of classes.
extension SchoolClass {
    /// `{"name":"4B","codes":true,"students":[{"name":"Ana","code":"374"}]}`; `code` is null
    /// where the class has no codes.
    var json: JSON {
        .object([("name", .string(name)), ("codes", .bool(codes)),
                 ("students", .array(students.map { student in
                     .object([("name", .string(student.name)), ("code", codes ? student.code.map(JSON.string) ?? .null : .null)])
                 }))])
    }

    /// `{"name":"4B","students":28,"codes":true}`.
    var summaryJSON: JSON {
        .object([("name", .string(name)), ("students", .int(students.count)), ("codes", .bool(codes))])
    }

    /// The list for a terminal, one student a line, each with their code where there are codes:
    /// taken now (the class may change before a reply is rendered), written in each reader's language.
    var text: @Sendable (Language) -> String {
        let head = Say(codes ? "text.class.head_codes" : "text.class.head",
                       ["name": .text(name), "students": .say(Say("text.class.students", count: students.count))])
        let width = min(students.map(\.name.count).max() ?? 0, Limits.nameCharacters)
        let lines = students.map { student in
            "  " + (codes ? TextFormat.pad(student.name, width) + "  " + (student.code ?? "") : student.name)
        }
        return { l in ([l(head)] + lines).joined(separator: "\n") }
    }
}
