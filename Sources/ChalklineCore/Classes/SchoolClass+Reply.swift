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

    /// The list for a terminal, one student a line, each with their code where there are codes.
    var text: String {
        let head = "Class \(name): \(TextFormat.count(students.count, "student"))"
            + (codes ? ", with picture codes (1 sun, 2 moon, 3 star, 4 heart, 5 tree, 6 fish, 7 house, 8 ball, 9 flower)." : ".")
        let width = min(students.map(\.name.count).max() ?? 0, Limits.nameCharacters)
        return ([head] + students.map { student in
            "  " + (codes ? TextFormat.pad(student.name, width) + "  " + (student.code ?? "") : student.name)
        }).joined(separator: "\n")
    }
}
