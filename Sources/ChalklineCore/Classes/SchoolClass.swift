/// A teacher's class as the running server holds it: its list of students, which `/class`
/// edits and every room or homework made for it (`class=`) reads when someone joins. A room
/// keeps a reference to this object, not a copy, so a student added after `/create` can join.
///
/// Owned by the loop thread (through `ServerCore`) and touched only there.
final class SchoolClass {
    let uid: String
    var name: String
    /// What the name reads as (`Names.folded`): two classes of a server never share one.
    var folded: String { Names.folded(name) }
    /// Students join with their picture code.
    var codes: Bool
    /// In the class's order (the order the teacher gave the names).
    var students: [StudentRecord]
    /// Taken off the list, latest last: `/class add` of one of these names gives the student back
    /// their uid (a wrong child removed, a list fixed by remove + add).
    var removed: [StudentRecord]

    init(_ record: ClassRecord) {
        uid = record.uid
        name = record.name
        codes = record.codes
        students = record.students
        removed = record.removed
    }

    /// The class as it is stored: the whole list, every time it changes.
    var record: ClassRecord { ClassRecord(uid: uid, name: name, codes: codes, students: students) }

    /// The student whose name reads the same as `name`.
    func student(named name: String) -> StudentRecord? {
        index(of: name).map { students[$0] }
    }

    func index(of name: String) -> Int? {
        let folded = Names.folded(name)
        return students.firstIndex { Names.folded($0.name) == folded }
    }

    /// The student whose uid is `uid` (still on the list).
    func student(uid: String) -> StudentRecord? { students.first { $0.uid == uid } }

    /// A student called `name` taken off the list, as `name` is added again: out of `removed`,
    /// under the new spelling, their code kept where no one on the list has it since.
    func takeBackRemoved(named name: String) -> StudentRecord? {
        let folded = Names.folded(name)
        guard let index = removed.lastIndex(where: { Names.folded($0.name) == folded }) else { return nil }
        var student = removed.remove(at: index)
        student.name = name
        if let code = student.code, students.contains(where: { $0.code == code }) { student.code = nil }
        return student
    }
}
