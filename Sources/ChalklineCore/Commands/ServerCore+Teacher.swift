/// The teacher's secret on a connection: `/teacher SECRET` opens the desk's commands (classes,
/// past games, progress, every homework) to it for as long as it stays connected.
extension ServerCore {
    /// The secret `/teacher` takes: the made one, or the create password (one secret, so a
    /// server with a password needs nothing new from the teacher).
    var teacherSecret: String? {
        if let made = config.teacherSecret, !made.isEmpty { return made }
        if let password = config.createPassword, !password.isEmpty { return password }
        return nil
    }

    /// Anyone may try, anywhere (in a room too: the host of a live room opens the desk beside
    /// it). A wrong secret is `bad_password`, which `guessing` counts as a wrong create password.
    func teacher(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        guard let secret = teacherSecret else {
            throw ErrorReply("teacher", .badPassword, Say("error.teacher.none"))
        }
        // Words joined again: a made secret may be typed `ABCD EFGH`; a password has no blanks.
        guard TeacherSecret.matches(call.args.joined(separator: " "), secret) else {
            throw ErrorReply("teacher", .badPassword, Say("error.teacher.wrong"))
        }
        call.session.isTeacher = true
        out.send(OkReply("teacher", [], Say("text.teacher.open")),
                 to: call.session)
    }

    /// What only the teacher may do (`/class`, `class=`, `/report` with a subject, everyone's
    /// `/assignments`) asks this first.
    func requireTeacher(_ session: Session, _ cmd: String) throws(ErrorReply) {
        guard session.isTeacher else {
            throw ErrorReply(cmd, .notTeacher, Say("error.teacher.required"))
        }
    }
}
