/// The connections that gave the teacher's secret (`/teacher`), which hear homework counts move
/// while students work: the desk's Homework tab and a teacher's client follow them live.
///
/// Owned by the loop thread (through `ServerCore`) and touched only there.
final class TeacherDesk {
    /// The core's connections, read when a count moves (a try begins or finishes, rare next to
    /// answers): a connection is the teacher's from `/teacher` on, so no second list has to be
    /// kept in step with `/teacher` and every disconnect.
    private let connections: () -> Dictionary<ConnectionID, Session>.Values

    init(connections: @escaping () -> Dictionary<ConnectionID, Session>.Values) {
        self.connections = connections
    }

    /// A try at `assignment` began or finished: every teacher gets its counts, one rendering
    /// a format shared by all of them, in connection order.
    func countsMoved(_ assignment: Assignment, out: inout Outbox) {
        let teachers = connections().filter { $0.isTeacher && !$0.closing }.sorted { $0.id < $1.id }
        guard !teachers.isEmpty else { return }
        out.send(HomeworkCountsEvent(code: assignment.code, started: assignment.started, finished: assignment.finished), to: teachers)
    }
}

/// `homework`: an assignment's counts, as `/assignments` gives them, after a try begins or finishes.
public struct HomeworkCountsEvent: Message {
    public var code: String
    /// Students who have begun a try, and students who have finished one.
    public var started: Int
    public var finished: Int

    public var json: JSON {
        .object([EventType.homework.field, ("code", .string(code)), ("started", .int(started)), ("finished", .int(finished))])
    }

    public func text(in language: Language) -> String {
        language(Say("text.homework.counts", ["code": .text(code), "started": .int(started), "finished": .int(finished)]))
    }
}
